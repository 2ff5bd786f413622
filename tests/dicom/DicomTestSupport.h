#pragma once

#include <gtest/gtest.h>

#include "tests/support/TempDir.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace xrayprep::dicom::test {

inline std::filesystem::path corpusDir() { return XRAYPREP_SHARED_DATA_DIR; }

inline bool haveCorpus() {
    std::error_code ec;
    return std::filesystem::is_regular_file(corpusDir() / "MANIFEST.tsv", ec);
}

#define XRAYPREP_SKIP_WITHOUT_CORPUS()          \
    if (!::xrayprep::dicom::test::haveCorpus()) \
    GTEST_SKIP() << "DICOM corpus not found at " << ::xrayprep::dicom::test::corpusDir()

// A fresh folder under the system temp folder, removed with everything in it.
using TempDir = xrayprep::test_support::TempDir;

// Little byte-buffer builder for hand-made DICOM structures (explicit VR little endian unless
// a helper says otherwise).
class Bytes {
  public:
    Bytes& u8(std::uint8_t v) {
        data.push_back(v);
        return *this;
    }
    Bytes& u16(std::uint16_t v, bool bigEndian = false) {
        if (bigEndian) return u8(v >> 8).u8(v & 0xFF);
        return u8(v & 0xFF).u8(v >> 8);
    }
    Bytes& u32(std::uint32_t v, bool bigEndian = false) {
        if (bigEndian) return u16(v >> 16, true).u16(v & 0xFFFF, true);
        return u16(v & 0xFFFF).u16(v >> 16);
    }
    Bytes& text(const std::string& s) {
        data.insert(data.end(), s.begin(), s.end());
        return *this;
    }
    Bytes& append(const Bytes& other) {
        data.insert(data.end(), other.data.begin(), other.data.end());
        return *this;
    }
    // Explicit VR LE element with a short (16-bit) length.
    Bytes& shortElement(std::uint16_t g, std::uint16_t e, const char* vr, const std::string& v) {
        std::string value = v;
        if (value.size() % 2) value.push_back(vr[0] == 'U' && vr[1] == 'I' ? '\0' : ' ');
        return u16(g).u16(e).text(vr).u16(static_cast<std::uint16_t>(value.size())).text(value);
    }
    Bytes& sequenceStart(std::uint16_t g, std::uint16_t e, std::uint32_t length = 0xFFFFFFFF) {
        return u16(g).u16(e).text("SQ").u16(0).u32(length);
    }
    Bytes& itemStart(std::uint32_t length = 0xFFFFFFFF) {
        return u16(0xFFFE).u16(0xE000).u32(length);
    }
    Bytes& itemEnd() { return u16(0xFFFE).u16(0xE00D).u32(0); }
    Bytes& sequenceEnd() { return u16(0xFFFE).u16(0xE0DD).u32(0); }

    std::vector<std::uint8_t> data;
};

// 128-byte preamble, "DICM" and a minimal meta header naming the transfer syntax.
inline Bytes part10Header(const std::string& transferSyntax) {
    Bytes meta;
    meta.shortElement(0x0002, 0x0010, "UI", transferSyntax);
    Bytes file;
    file.data.assign(128, 0);
    file.text("DICM");
    file.u16(0x0002).u16(0x0000).text("UL").u16(4).u32(
        static_cast<std::uint32_t>(meta.data.size()));
    file.append(meta);
    return file;
}

void writeBytes(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes);

}  // namespace xrayprep::dicom::test
