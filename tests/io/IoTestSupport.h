#pragma once

// Independent, deliberately simple re-implementations of the formats, straight from the
// specifications (PNG 2nd ed., RFC 1950/1951), used to check the code under test.

#include <gtest/gtest.h>

#include <stdlib.h>
#include "tests/support/TempDir.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace xrayprep::io::test {

// Bit by bit, as the PNG specification's sample code does (no tables).
inline std::uint32_t bitwiseCrc32(const std::uint8_t* data, std::size_t n) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < n; ++i) {
        c ^= data[i];
        for (int k = 0; k < 8; ++k) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

// Reduced after every byte (RFC 1950 §9).
inline std::uint32_t simpleAdler32(const std::uint8_t* data, std::size_t n) {
    std::uint32_t a = 1, b = 0;
    for (std::size_t i = 0; i < n; ++i) {
        a = (a + data[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

inline std::uint32_t be32(const std::uint8_t* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
           std::uint32_t(p[3]);
}

struct Chunk {
    std::string type;
    std::vector<std::uint8_t> data;
    bool crcValid = false;
};

// Splits a PNG file into its chunks (after checking the 8-byte signature).
inline std::vector<Chunk> parseChunks(const std::vector<std::uint8_t>& png) {
    const std::uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (png.size() < 8 || !std::equal(signature, signature + 8, png.begin())) {
        throw std::runtime_error("bad signature");
    }
    std::vector<Chunk> chunks;
    std::size_t pos = 8;
    while (pos + 12 <= png.size()) {
        const std::uint32_t length = be32(&png[pos]);
        if (pos + 12 + length > png.size()) throw std::runtime_error("chunk overruns file");
        Chunk c;
        c.type.assign(png.begin() + pos + 4, png.begin() + pos + 8);
        c.data.assign(png.begin() + pos + 8, png.begin() + pos + 8 + length);
        c.crcValid = bitwiseCrc32(&png[pos + 4], 4 + length) == be32(&png[pos + 8 + length]);
        chunks.push_back(std::move(c));
        pos += 12 + length;
    }
    if (pos != png.size()) throw std::runtime_error("trailing bytes");
    return chunks;
}

// Inflates a zlib stream made only of stored blocks (BTYPE 00), checking every field.
inline std::vector<std::uint8_t> inflateStoredOnly(const std::vector<std::uint8_t>& z) {
    if (z.size() < 6) throw std::runtime_error("short zlib stream");
    if ((z[0] & 0x0F) != 8 || (z[0] >> 4) > 7) throw std::runtime_error("bad CMF");
    if (((z[0] << 8) | z[1]) % 31 != 0 || (z[1] & 0x20)) throw std::runtime_error("bad FLG");
    std::vector<std::uint8_t> out;
    std::size_t pos = 2;
    for (bool final = false; !final;) {
        if (pos + 5 > z.size()) throw std::runtime_error("short block");
        final = z[pos] & 1;
        if ((z[pos] >> 1) != 0) throw std::runtime_error("not a stored block");
        const std::size_t len = z[pos + 1] | (z[pos + 2] << 8);
        const std::size_t nlen = z[pos + 3] | (z[pos + 4] << 8);
        if (len + nlen != 0xFFFF) throw std::runtime_error("LEN/NLEN mismatch");
        pos += 5;
        if (pos + len > z.size()) throw std::runtime_error("block overruns");
        out.insert(out.end(), z.begin() + pos, z.begin() + pos + len);
        pos += len;
    }
    if (pos + 4 != z.size()) throw std::runtime_error("bad trailer size");
    if (be32(&z[pos]) != simpleAdler32(out.data(), out.size())) {
        throw std::runtime_error("Adler-32 mismatch");
    }
    return out;
}

// A fresh directory under the system temp folder, removed with its content afterwards.
using TempDir = xrayprep::test_support::TempDir;

inline std::vector<std::uint8_t> fileBytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + p.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeBytes(const std::filesystem::path& p, const std::string& content) {
    std::ofstream out(p, std::ios::binary);
    out << content;
}

// Runs `f`, expects std::runtime_error, and returns its message.
template <typename F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    ADD_FAILURE() << "no std::runtime_error thrown";
    return {};
}

}  // namespace xrayprep::io::test
