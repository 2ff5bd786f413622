#include "io/VtkXmlDocument.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "io/MarkupEscape.h"

namespace xrayprep::io {

VtkXmlDocument::VtkXmlDocument(std::string_view type) : type_(type) {
    const char* order = std::endian::native == std::endian::little ? "LittleEndian" : "BigEndian";
    xml_ = "<?xml version=\"1.0\"?>\n<VTKFile type=\"" + type_ +
           "\" version=\"1.0\" byte_order=\"" + order + "\" header_type=\"UInt64\">\n";
}

void VtkXmlDocument::line(std::string_view xml) {
    xml_ += xml;
    xml_ += '\n';
}

std::string VtkXmlDocument::dataArray(std::string_view vtkType, std::string_view name,
                                      int components, std::span<const std::uint8_t> bytes) {
    std::string element = "<DataArray type=\"" + std::string(vtkType) + "\" Name=\"" +
                          escape(name) + "\" NumberOfComponents=\"" + std::to_string(components) +
                          "\" format=\"appended\" offset=\"" + std::to_string(appended_.size()) +
                          "\"/>";
    const std::uint64_t count = bytes.size();
    std::uint8_t header[sizeof count];
    std::memcpy(header, &count, sizeof count);
    appended_.insert(appended_.end(), header, header + sizeof header);
    appended_.insert(appended_.end(), bytes.begin(), bytes.end());
    return element;
}

std::vector<std::uint8_t> VtkXmlDocument::finish() {
    std::string head = xml_ + "  </" + type_ + ">\n  <AppendedData encoding=\"raw\">\n   _";
    const std::string tail = "\n  </AppendedData>\n</VTKFile>\n";
    std::vector<std::uint8_t> out;
    out.reserve(head.size() + appended_.size() + tail.size());
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), appended_.begin(), appended_.end());
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
}

std::string VtkXmlDocument::escape(std::string_view text) { return escapeMarkup(text); }

std::string VtkXmlDocument::number(double v) {
    if (!std::isfinite(v)) throw std::invalid_argument("VTK XML: non-finite number");
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    if (ec != std::errc()) throw std::runtime_error("VTK XML: cannot format a number");
    return std::string(buffer, end);
}

}  // namespace xrayprep::io
