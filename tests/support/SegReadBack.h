#pragma once

// Reading a DICOM Segmentation back in the tests (tests/dicom and tests/app): attribute text,
// first sequence items, the binary frame unpacked by hand, and pydicom's reading through
// tests/dicom/read_seg.py -- each independent of the writer's code.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "processing/util/Json.h"

namespace xrayprep::test_support {

inline std::string tagText(DcmItem& item, const DcmTagKey& tag) {
    OFString v;
    if (item.findAndGetOFStringArray(tag, v).bad()) return {};
    return v.c_str();
}

// The first item of a sequence of `item`, or null.
inline DcmItem* firstItem(DcmItem& item, const DcmTagKey& sequence) {
    DcmItem* found = nullptr;
    return item.findAndGetSequenceItem(sequence, found, 0).good() ? found : nullptr;
}

// PerFrameFunctionalGroups[0] > DerivationImage[0] > SourceImage[0], or null.
inline DcmItem* sourceImageItem(DcmItem& ds) {
    DcmItem* frame = firstItem(ds, DCM_PerFrameFunctionalGroupsSequence);
    DcmItem* derivation = frame ? firstItem(*frame, DCM_DerivationImageSequence) : nullptr;
    return derivation ? firstItem(*derivation, DCM_SourceImageSequence) : nullptr;
}

// The first `pixels` bits of PixelData as '0'/'1', unpacked as PS3.5 8.1.1 says (bit 0 of the
// first byte is the first pixel); empty when there is no such data.
inline std::string packedFrameBits(DcmItem& ds, std::size_t pixels) {
    const Uint8* data = nullptr;
    unsigned long length = 0;
    if (ds.findAndGetUint8Array(DCM_PixelData, data, &length).bad() || data == nullptr) return {};
    if (length * 8 < pixels) return "short: " + std::to_string(length) + " bytes";
    std::string bits;
    for (std::size_t i = 0; i < pixels; ++i)
        bits.push_back((data[i / 8] >> (i % 8)) & 1 ? '1' : '0');
    return bits;
}

// What pydicom reads in `file` (tests/dicom/read_seg.py, by /usr/bin/python3); nullopt when
// pydicom or NumPy is not installed (the script exits 77) or the script fails (`failure` says why).
inline std::optional<processing::Json> readSegWithPydicom(const std::filesystem::path& file,
                                                          std::string* failure = nullptr) {
    const std::filesystem::path script =
        std::filesystem::path(__FILE__).parent_path().parent_path() / "dicom" / "read_seg.py";
    const std::string command =
        "/usr/bin/python3 '" + script.string() + "' '" + file.string() + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return std::nullopt;
    std::string out;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    const int status = pclose(pipe);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (failure && !(WIFEXITED(status) && WEXITSTATUS(status) == 77)) *failure = out;
        return std::nullopt;
    }
    return processing::parseJson(out);
}

}  // namespace xrayprep::test_support
