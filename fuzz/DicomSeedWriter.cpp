// Writes a few small, valid DICOM files covering the reader's paths (little/big endian,
// implicit VR, 8/16 bits, signed, MONOCHROME1, RGB, two frames, RLE, deflate), used as the
// fuzz corpus's seeds next to (or instead of, when it is absent) the shared real corpus.
// Usage: dicom_fuzz_seeds OUTPUT_FOLDER
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcrleerg.h>
#include <dcmtk/dcmdata/dcuid.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct Seed {
    const char* name;
    E_TransferSyntax syntax;
    int bits = 16;
    bool isSigned = false;
    const char* photometric = "MONOCHROME2";
    int frames = 1;
};

bool writeSeed(const std::filesystem::path& folder, const Seed& s) {
    constexpr int kRows = 12;
    constexpr int kColumns = 10;
    const int spp = std::string(s.photometric) == "RGB" ? 3 : 1;
    DcmFileFormat ff;
    DcmDataset& ds = *ff.getDataset();
    char uid[100];
    ds.putAndInsertString(DCM_SOPClassUID, UID_SecondaryCaptureImageStorage);
    ds.putAndInsertString(DCM_SOPInstanceUID, dcmGenerateUniqueIdentifier(uid));
    ds.putAndInsertString(DCM_Modality, "CR");
    ds.putAndInsertString(DCM_PixelSpacing, "0.1\\0.1");
    ds.putAndInsertString(DCM_WindowCenter, "500");
    ds.putAndInsertString(DCM_WindowWidth, "800");
    ds.putAndInsertUint16(DCM_Rows, kRows);
    ds.putAndInsertUint16(DCM_Columns, kColumns);
    ds.putAndInsertUint16(DCM_SamplesPerPixel, static_cast<Uint16>(spp));
    if (spp == 3) ds.putAndInsertUint16(DCM_PlanarConfiguration, 0);
    ds.putAndInsertString(DCM_PhotometricInterpretation, s.photometric);
    ds.putAndInsertUint16(DCM_BitsAllocated, static_cast<Uint16>(s.bits));
    const int stored = s.bits == 16 ? 12 : 8;
    ds.putAndInsertUint16(DCM_BitsStored, static_cast<Uint16>(stored));
    ds.putAndInsertUint16(DCM_HighBit, static_cast<Uint16>(stored - 1));
    ds.putAndInsertUint16(DCM_PixelRepresentation, s.isSigned ? 1 : 0);
    if (s.frames > 1) ds.putAndInsertString(DCM_NumberOfFrames, std::to_string(s.frames).c_str());
    const std::size_t count = static_cast<std::size_t>(kRows) * kColumns * spp * s.frames;
    if (s.bits == 8) {
        std::vector<Uint8> v(count);
        for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<Uint8>(i * 7);
        ds.putAndInsertUint8Array(DCM_PixelData, v.data(), v.size());
    } else {
        std::vector<Uint16> v(count);
        for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<Uint16>((i * 37) & 0x0FFF);
        ds.putAndInsertUint16Array(DCM_PixelData, v.data(), v.size());
    }
    if (s.syntax == EXS_RLELossless && ds.chooseRepresentation(EXS_RLELossless, nullptr).bad()) {
        return false;
    }
    const auto path = folder / s.name;
    return ff.saveFile(path.c_str(), s.syntax).good();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT_FOLDER\n", argv[0]);
        return 2;
    }
    const std::filesystem::path folder = argv[1];
    std::filesystem::create_directories(folder);
    DcmRLEEncoderRegistration::registerCodecs();
    const Seed seeds[] = {
        {"explicit-le-16.dcm", EXS_LittleEndianExplicit},
        {"implicit-le-16.dcm", EXS_LittleEndianImplicit},
        {"explicit-be-16.dcm", EXS_BigEndianExplicit},
        {"explicit-le-8.dcm", EXS_LittleEndianExplicit, 8},
        {"signed-16.dcm", EXS_LittleEndianExplicit, 16, true},
        {"mono1-16.dcm", EXS_LittleEndianExplicit, 16, false, "MONOCHROME1"},
        {"rgb-8.dcm", EXS_LittleEndianExplicit, 8, false, "RGB"},
        {"two-frames-16.dcm", EXS_LittleEndianExplicit, 16, false, "MONOCHROME2", 2},
        {"rle-16.dcm", EXS_RLELossless},
        {"rle-two-frames-8.dcm", EXS_RLELossless, 8, false, "MONOCHROME2", 2},
        {"deflated-16.dcm", EXS_DeflatedLittleEndianExplicit},
    };
    int failed = 0;
    for (const Seed& s : seeds) {
        if (!writeSeed(folder, s)) {
            std::fprintf(stderr, "dicom_fuzz_seeds: cannot write %s\n", s.name);
            ++failed;
        }
    }
    return failed == 0 ? 0 : 1;
}
