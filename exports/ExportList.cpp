#include "exports/ExportList.h"

#include <algorithm>
#include <array>
#include <utility>

#include <stdexcept>

namespace xrayprep::exports {

namespace {

constexpr std::array<std::pair<ExportItem, std::string_view>, 16> kNames = {{
    {ExportItem::FinalPng, "final.png"},
    {ExportItem::FinalMha, "final.mha"},
    {ExportItem::MaskPng, "mask.png"},
    {ExportItem::MaskMha, "mask.mha"},
    {ExportItem::EsfMha, "esf.mha"},
    {ExportItem::EsfVti, "esf.vti"},
    {ExportItem::ContoursVtp, "contours.vtp"},
    {ExportItem::ContoursCsv, "contours.csv"},
    {ExportItem::MeshStl, "mesh.stl"},
    {ExportItem::MeshObj, "mesh.obj"},
    {ExportItem::MeshPly, "mesh.ply"},
    {ExportItem::MeshVtp, "mesh.vtp"},
    {ExportItem::Dicom, "dicom"},
    {ExportItem::Seg, "seg"},
    {ExportItem::Sheet, "sheet.png"},
    {ExportItem::Report, "report.json"},
}};

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::string_view exportName(ExportItem item) {
    for (const auto& [i, name] : kNames) {
        if (i == item) return name;
    }
    return "?";
}

std::string exportFileName(ExportItem item) {
    if (item == ExportItem::Dicom) return "final.dcm";
    if (item == ExportItem::Seg) return "seg.dcm";
    return std::string(exportName(item));
}

bool isMeshExport(ExportItem item) {
    return item == ExportItem::MeshStl || item == ExportItem::MeshObj ||
           item == ExportItem::MeshPly || item == ExportItem::MeshVtp;
}

std::string validExportNames() {
    std::string out;
    for (const auto& [item, name] : kNames) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out + ", all";
}

std::vector<ExportItem> parseExportList(const std::string& list) {
    std::vector<ExportItem> items;
    auto add = [&](ExportItem item) {
        if (std::find(items.begin(), items.end(), item) == items.end()) items.push_back(item);
    };
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string name = trimmed(list.substr(start, comma - start));
        start = comma + 1;
        if (name == "all") {
            for (const auto& [item, ignored] : kNames) add(item);
            continue;
        }
        const auto found = std::find_if(kNames.begin(), kNames.end(),
                                        [&](const auto& entry) { return entry.second == name; });
        if (found == kNames.end()) {
            throw std::invalid_argument("--export: unknown output '" + name +
                                        "' (valid: " + validExportNames() + ")");
        }
        add(found->first);
    }
    return items;
}

}  // namespace xrayprep::exports
