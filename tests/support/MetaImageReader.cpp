#include "tests/support/MetaImageReader.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "io/FileBytes.h"

namespace xrayprep::test_support {

namespace {

[[noreturn]] void bad(const std::string& why) { throw std::runtime_error("MetaImage: " + why); }

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r");
    return std::string(s.substr(first, last - first + 1));
}

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

double toDouble(const std::string& s) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) bad("bad number '" + s + "'");
    return v;
}

int toInt(const std::string& s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) bad("bad integer '" + s + "'");
    return v;
}

std::size_t elementSize(const std::string& type) {
    if (type == "MET_FLOAT") return 4;
    if (type == "MET_USHORT") return 2;
    if (type == "MET_UCHAR") return 1;
    bad("ElementType " + type + " not supported");
}

template <typename Target>
Target copyPixels(const MetaImageFile& file, const char* expectedType, Target target) {
    if (file.elementType != expectedType) {
        bad("ElementType is " + file.elementType + ", not " + expectedType);
    }
    std::memcpy(target.data(), file.data.data(), file.data.size());
    return target;
}

}  // namespace

const std::string& MetaImageFile::field(const std::string& key) const {
    for (const auto& [k, v] : fields) {
        if (k == key) return v;
    }
    bad("no " + key + " field");
}

processing::FloatImage MetaImageFile::toFloatImage() const {
    return copyPixels(*this, "MET_FLOAT", processing::FloatImage(width, height));
}

processing::Image MetaImageFile::toImage(int bitsStored) const {
    return copyPixels(*this, "MET_USHORT", processing::Image(width, height, bitsStored));
}

processing::Mask MetaImageFile::toMask() const {
    return copyPixels(*this, "MET_UCHAR", processing::Mask(width, height));
}

MetaImageFile decodeMetaImage(std::span<const std::uint8_t> bytes) {
    MetaImageFile file;
    std::size_t pos = 0;
    bool sawDataFile = false;
    while (!sawDataFile) {
        const auto eol = std::find(bytes.begin() + static_cast<std::ptrdiff_t>(pos), bytes.end(),
                                   std::uint8_t{'\n'});
        if (eol == bytes.end()) bad("header ends before ElementDataFile");
        const std::string line(bytes.begin() + static_cast<std::ptrdiff_t>(pos), eol);
        pos = static_cast<std::size_t>(eol - bytes.begin()) + 1;
        const auto equals = line.find('=');
        if (equals == std::string::npos) bad("header line without '=': " + line);
        file.fields.emplace_back(trim(std::string_view(line).substr(0, equals)),
                                 trim(std::string_view(line).substr(equals + 1)));
        sawDataFile = file.fields.back().first == "ElementDataFile";
    }
    if (file.field("ElementDataFile") != "LOCAL") bad("only ElementDataFile = LOCAL supported");
    if (toInt(file.field("NDims")) != 2) bad("only 2D images supported");
    for (const auto& [k, v] : file.fields) {
        if (k == "CompressedData" && v != "False") bad("compressed data not supported");
        if (k == "ElementNumberOfChannels" && v != "1") bad("only one channel supported");
        if (k == "ElementSpacing") {
            const auto s = words(v);
            if (s.size() != 2) bad("ElementSpacing needs two values");
            file.spacingX = toDouble(s[0]);
            file.spacingY = toDouble(s[1]);
        }
    }
    const auto size = words(file.field("DimSize"));
    if (size.size() != 2) bad("DimSize needs two values");
    file.width = toInt(size[0]);
    file.height = toInt(size[1]);
    if (file.width <= 0 || file.height <= 0) bad("bad DimSize");
    file.elementType = file.field("ElementType");
    const std::size_t element = elementSize(file.elementType);
    const std::size_t expected = std::size_t(file.width) * std::size_t(file.height) * element;
    if (bytes.size() - pos != expected) {
        bad("data is " + std::to_string(bytes.size() - pos) + " bytes, expected " +
            std::to_string(expected));
    }
    file.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(pos), bytes.end());

    bool msb = false;
    for (const auto& [k, v] : file.fields) {
        if (k == "BinaryDataByteOrderMSB" || k == "ElementByteOrderMSB") msb = v == "True";
    }
    if (msb != (std::endian::native == std::endian::big) && element > 1) {
        for (std::size_t i = 0; i < file.data.size(); i += element) {
            std::reverse(file.data.begin() + static_cast<std::ptrdiff_t>(i),
                         file.data.begin() + static_cast<std::ptrdiff_t>(i + element));
        }
    }
    return file;
}

MetaImageFile readMetaImage(const std::filesystem::path& path) {
    const std::vector<std::uint8_t> bytes = io::readFileBytes(path);
    try {
        return decodeMetaImage(bytes);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error("'" + path.string() + "': " + e.what());
    }
}

}  // namespace xrayprep::test_support
