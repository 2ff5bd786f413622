#include "io/PgmReader.h"

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace xrayprep::io {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
    throw std::runtime_error(path.string() + ": " + problem);
}

// The next header field, skipping whitespace and # comments.
bool headerField(std::istream& in, long long& value) {
    for (int c = in.peek(); c != EOF; c = in.peek()) {
        if (c == '#') {
            std::string comment;
            std::getline(in, comment);
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            in.get();
        } else {
            break;
        }
    }
    return static_cast<bool>(in >> value);
}

}  // namespace

processing::Image readPgm(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(path, "cannot open the file");
    char magic[2] = {};
    in.read(magic, 2);
    if (!in || magic[0] != 'P' || magic[1] != '5') fail(path, "not a binary PGM (P5)");
    long long w = 0, h = 0, maxval = 0;
    if (!headerField(in, w) || !headerField(in, h) || !headerField(in, maxval)) {
        fail(path, "incomplete PGM header");
    }
    constexpr long long kMaxSide = 1 << 16;
    if (w <= 0 || h <= 0 || w > kMaxSide || h > kMaxSide || maxval <= 0 || maxval > 65535) {
        fail(path, "PGM header out of range (" + std::to_string(w) + " x " + std::to_string(h) +
                       ", maxval " + std::to_string(maxval) + ")");
    }
    in.get();  // the single whitespace before the pixels
    int bits = 1;
    while ((1LL << bits) - 1 < maxval) ++bits;
    processing::Image img(static_cast<int>(w), static_cast<int>(h), bits, processing::kUnset);
    const int bytes = maxval < 256 ? 1 : 2;
    std::vector<unsigned char> raw(img.size() * static_cast<std::size_t>(bytes));
    in.read(reinterpret_cast<char*>(raw.data()), static_cast<std::streamsize>(raw.size()));
    if (!in) fail(path, "pixel data shorter than the header's size");
    bool aboveMaxval = false;
    for (std::size_t i = 0; i < img.size(); ++i) {
        const int v = bytes == 1 ? raw[i] : (raw[2 * i] << 8) | raw[2 * i + 1];
        aboveMaxval |= v > maxval;
        img.data()[i] = static_cast<std::uint16_t>(v);
    }
    if (aboveMaxval) fail(path, "a sample above the header's maxval");
    return img;
}

}  // namespace xrayprep::io
