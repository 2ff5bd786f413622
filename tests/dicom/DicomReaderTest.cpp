#include "dicom/DicomReader.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmimage/diregist.h>
#include <dcmtk/dcmimgle/dcmimage.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "DicomTestSupport.h"

namespace xrayprep::dicom {
namespace {

using processing::Photometric;

// A small uncompressed dataset made with DCMTK, pixel containers given as written.
struct SmallDataset {
    int rows = 3;
    int columns = 4;
    int bitsAllocated = 16;
    int bitsStored = 12;
    bool isSigned = false;
    std::string photometric = "MONOCHROME2";
    std::vector<Uint16> containers;  // for 8-bit data the low bytes are used
    std::vector<std::pair<DcmTagKey, std::string>> extra;

    void save(const std::filesystem::path& file) const {
        DcmFileFormat ff;
        DcmDataset& ds = *ff.getDataset();
        char uid[100];
        ds.putAndInsertString(DCM_SOPClassUID, UID_SecondaryCaptureImageStorage);
        ds.putAndInsertString(DCM_SOPInstanceUID, dcmGenerateUniqueIdentifier(uid));
        ds.putAndInsertString(DCM_Modality, "OT");
        ds.putAndInsertUint16(DCM_Rows, static_cast<Uint16>(rows));
        ds.putAndInsertUint16(DCM_Columns, static_cast<Uint16>(columns));
        ds.putAndInsertUint16(DCM_SamplesPerPixel, 1);
        ds.putAndInsertString(DCM_PhotometricInterpretation, photometric.c_str());
        ds.putAndInsertUint16(DCM_BitsAllocated, static_cast<Uint16>(bitsAllocated));
        ds.putAndInsertUint16(DCM_BitsStored, static_cast<Uint16>(bitsStored));
        ds.putAndInsertUint16(DCM_HighBit, static_cast<Uint16>(bitsStored - 1));
        ds.putAndInsertUint16(DCM_PixelRepresentation, isSigned ? 1 : 0);
        for (const auto& [tag, value] : extra) ds.putAndInsertString(tag, value.c_str());
        if (bitsAllocated == 8) {
            std::vector<Uint8> bytes(containers.begin(), containers.end());
            ds.putAndInsertUint8Array(DCM_PixelData, bytes.data(), bytes.size());
        } else {
            ds.putAndInsertUint16Array(DCM_PixelData, containers.data(), containers.size());
        }
        ASSERT_TRUE(ff.saveFile(file.c_str(), EXS_LittleEndianExplicit).good());
    }
};

TEST(DicomReader, SignedDataIsShiftedToUnsigned) {
    test::TempDir dir;
    SmallDataset d;
    const std::vector<int> values = {-2048, -1, 0, 1, 2047, -1000, 1000, 5, -5, 100, -100, 7};
    for (int v : values) d.containers.push_back(static_cast<Uint16>(static_cast<Sint16>(v)));
    d.isSigned = true;
    d.extra = {{DCM_RescaleIntercept, "-1024"},
               {DCM_RescaleSlope, "1"},
               {DCM_WindowCenter, "100"},
               {DCM_WindowWidth, "50"}};
    d.save(dir / "signed.dcm");
    const LoadedImage img = DicomReader{}(dir / "signed.dcm");
    EXPECT_TRUE(img.metadata.wasSigned);
    EXPECT_EQ(img.image.bitsStored(), 12);
    for (std::size_t i = 0; i < values.size(); ++i) {
        EXPECT_EQ(img.image.pixels()[i], values[i] + 2048) << i;
    }
    // Window 100 (rescaled) -> stored 1124 -> shifted 3172.
    EXPECT_DOUBLE_EQ(*img.metadata.windowCenter, 3172.0);
    EXPECT_DOUBLE_EQ(*img.metadata.windowWidth, 50.0);
    EXPECT_DOUBLE_EQ(img.metadata.rescaleIntercept, -1024.0);

    // Bits above HighBit that are not a sign extension are ignored, as the standard says.
    SmallDataset dirty = d;
    for (Uint16& c : dirty.containers) c = static_cast<Uint16>((c & 0x0FFF) | 0x5000);
    dirty.save(dir / "dirty.dcm");
    EXPECT_EQ(DicomReader{}(dir / "dirty.dcm").image, img.image);

    // 8-bit signed.
    SmallDataset small;
    small.bitsAllocated = small.bitsStored = 8;
    small.isSigned = true;
    small.rows = 1;
    small.columns = 4;
    small.containers = {0x80, 0xFF, 0x00, 0x7F};  // -128, -1, 0, 127
    small.save(dir / "signed8.dcm");
    const LoadedImage img8 = DicomReader{}(dir / "signed8.dcm");
    EXPECT_EQ(img8.image.bitsStored(), 8);
    EXPECT_EQ(std::vector<std::uint16_t>(img8.image.pixels().begin(), img8.image.pixels().end()),
              (std::vector<std::uint16_t>{0, 127, 128, 255}));
}

TEST(DicomReader, Monochrome1IsInvertedIncludingTheWindow) {
    test::TempDir dir;
    SmallDataset d;
    d.photometric = "MONOCHROME1";
    d.bitsStored = 10;
    d.rows = 1;
    d.columns = 3;
    d.containers = {0, 1000, 1023};
    d.extra = {{DCM_WindowCenter, "300"},
               {DCM_WindowWidth, "200"},
               {DCM_RescaleSlope, "2"},
               {DCM_RescaleIntercept, "100"}};
    d.save(dir / "m1.dcm");
    const LoadedImage img = DicomReader{}(dir / "m1.dcm");
    EXPECT_EQ(img.metadata.photometric, Photometric::Monochrome1);
    EXPECT_EQ(img.image.pixels()[0], 1023);
    EXPECT_EQ(img.image.pixels()[1], 23);
    EXPECT_EQ(img.image.pixels()[2], 0);
    // Rescaled 300 -> stored (300 - 100) / 2 = 100 -> bone-bright 923; width 200 / 2.
    EXPECT_DOUBLE_EQ(*img.metadata.windowCenter, 923.0);
    EXPECT_DOUBLE_EQ(*img.metadata.windowWidth, 100.0);
}

TEST(DicomReader, RealMonochrome1MatchesItsMonochrome2Copy) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    test::TempDir dir;
    const auto original = test::corpusDir() / "dwv/gdcm-CR-MONO1-10-chest.dcm";
    // The copy: stored values inverted within BitsStored, photometric changed (DCMTK only).
    DcmFileFormat ff;
    ASSERT_TRUE(ff.loadFile(original.c_str()).good());
    DcmDataset& ds = *ff.getDataset();
    Uint16 bitsStored = 0;
    ASSERT_TRUE(ds.findAndGetUint16(DCM_BitsStored, bitsStored).good());
    const Uint16* raw = nullptr;
    unsigned long count = 0;
    ASSERT_TRUE(ds.findAndGetUint16Array(DCM_PixelData, raw, &count).good());
    const Uint16 maxValue = static_cast<Uint16>((1u << bitsStored) - 1);
    std::vector<Uint16> stored(raw, raw + count);
    std::vector<Uint16> inverted(count);
    for (unsigned long i = 0; i < count; ++i) {
        inverted[i] = static_cast<Uint16>(maxValue - (stored[i] & maxValue));
    }
    ds.putAndInsertUint16Array(DCM_PixelData, inverted.data(), count);
    ds.putAndInsertString(DCM_PhotometricInterpretation, "MONOCHROME2");
    const auto copy = dir / "mono2-copy.dcm";
    ASSERT_TRUE(ff.saveFile(copy.c_str(), EXS_LittleEndianExplicit).good());

    const LoadedImage a = DicomReader{}(original);
    const LoadedImage b = DicomReader{}(copy);
    EXPECT_EQ(a.metadata.photometric, Photometric::Monochrome1);
    EXPECT_EQ(b.metadata.photometric, Photometric::Monochrome2);
    EXPECT_EQ(a.image, b.image);
    ASSERT_EQ(a.image.size(), count);
    for (unsigned long i = 0; i < count; i += 97) {
        EXPECT_EQ(a.image.pixels()[i], maxValue - (stored[i] & maxValue)) << i;
    }
}

TEST(DicomReader, MultiFrameSelectsTheRequestedFrame) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const auto path = test::corpusDir() / "fo-dicom/XA_HasFragmentSequence_96frames.dcm";
    const LoadedImage first = DicomReader{}(path);
    const LoadedImage later = DicomReader{}(path, ReadOptions{50});
    const LoadedImage last = DicomReader{}(path, ReadOptions{95});
    EXPECT_EQ(first.metadata.frameCount, 96);
    EXPECT_EQ(later.metadata.frameIndex, 50);
    EXPECT_EQ(last.metadata.frameIndex, 95);
    EXPECT_NE(first.image, later.image);
    // Independent reference: DCMTK's DicomImage decoding frame 50 alone, 8-bit output.
    DicomImage reference(path.c_str(), CIF_UsePartialAccessToPixelData, 50, 1);
    ASSERT_EQ(reference.getStatus(), EIS_Normal);
    const auto* expected = static_cast<const Uint8*>(reference.getOutputData(8));
    ASSERT_NE(expected, nullptr);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < later.image.size(); ++i) {
        mismatches += later.image.pixels()[i] != expected[i];
    }
    EXPECT_EQ(mismatches, 0u);
    for (int bad : {96, 1000, -1}) {
        try {
            (void)DicomReader{}(path, ReadOptions{bad});
            FAIL() << "frame " << bad << " should be rejected";
        } catch (const DicomError& e) {
            EXPECT_NE(std::string(e.what()).find("out of range"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("XA_HasFragmentSequence"), std::string::npos);
        }
    }
}

TEST(DicomReader, ColourIsConvertedToLuminanceWithAWarning) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const auto path = test::corpusDir() / "wearemothership/vpop_DX_jpeg-baseline.dcm";
    const LoadedImage img = DicomReader{}(path);
    EXPECT_EQ(img.image.bitsStored(), 8);
    EXPECT_EQ(img.metadata.photometric, Photometric::Monochrome2);
    bool warned = false;
    for (const auto& w : img.metadata.warnings) warned |= w.find("luminance") != std::string::npos;
    EXPECT_TRUE(warned);
    // Reference: DCMTK's colour DicomImage gives RGB; luminance computed here independently.
    DicomImage reference(path.c_str());
    ASSERT_EQ(reference.getStatus(), EIS_Normal);
    ASSERT_FALSE(reference.isMonochrome());
    const auto* rgb = static_cast<const Uint8*>(reference.getOutputData(8));
    ASSERT_NE(rgb, nullptr);
    int maxDiff = 0;
    for (std::size_t i = 0; i < img.image.size(); ++i) {
        const double y = 0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2];
        maxDiff = std::max(maxDiff, std::abs(int(img.image.pixels()[i]) - int(std::lround(y))));
    }
    EXPECT_LE(maxDiff, 1);
}

TEST(DicomReader, SpacingSourcesAndMissingSpacing) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const LoadedImage none = DicomReader{}(test::corpusDir() / "nema-wg04/RG3_RLE.dcm");
    EXPECT_FALSE(none.metadata.spacing.has_value());
    const LoadedImage pixel = DicomReader{}(test::corpusDir() / "nema-wg04/RG2_RLE.dcm");
    ASSERT_TRUE(pixel.metadata.spacing.has_value());
    EXPECT_EQ(pixel.metadata.spacing->source, "PixelSpacing");
    const LoadedImage imager = DicomReader{}(test::corpusDir() / "pydicom/CR1_6154_tiny.dcm");
    ASSERT_TRUE(imager.metadata.spacing.has_value());
    EXPECT_EQ(imager.metadata.spacing->source, "ImagerPixelSpacing");
    EXPECT_GT(imager.metadata.spacing->x, 0.0);
}

TEST(DicomReader, HeaderFieldsIncludePatientAndAcquisitionFields) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const LoadedImage img = DicomReader{}(test::corpusDir() / "nema-wg04/RG3_RLE.dcm");
    std::map<std::string, std::string> fields(img.metadata.headerFields.begin(),
                                              img.metadata.headerFields.end());
    EXPECT_EQ(fields["Modality"], "CR");
    EXPECT_EQ(fields["BodyPartExamined"], "EXTREMITY");
    EXPECT_EQ(fields["Rows"], "1760");
    EXPECT_EQ(fields["BitsStored"], "10");
    EXPECT_EQ(fields["PhotometricInterpretation"], "MONOCHROME1");
    EXPECT_EQ(fields["TransferSyntaxUID"], "1.2.840.10008.1.2.5");
    EXPECT_TRUE(fields.count("PatientName"));
}

TEST(DicomReader, ImplausibleSizesAreRejectedBeforeAllocating) {
    test::TempDir dir;
    SmallDataset d;
    d.rows = 30000;
    d.columns = 30000;
    d.containers.assign(16, 7);  // 32 bytes for a claimed 1.8 GB
    d.save(dir / "huge.dcm");
    try {
        (void)DicomReader{}(dir / "huge.dcm");
        FAIL() << "expected DicomError";
    } catch (const DicomError& e) {
        EXPECT_NE(std::string(e.what()).find("pixel data too short"), std::string::npos)
            << e.what();
    }
}

TEST(DicomReader, PlainErrorsNameTheFile) {
    test::TempDir dir;
    const auto expectError = [](const std::filesystem::path& file, const std::string& words) {
        try {
            (void)DicomReader{}(file);
            ADD_FAILURE() << file << " should fail";
        } catch (const DicomError& e) {
            EXPECT_EQ(e.file(), file);
            EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos);
            EXPECT_NE(e.reason().find(words), std::string::npos) << e.what();
        }
    };
    expectError(dir / "missing.dcm", "not found");
    expectError(dir.path(), "not a regular file");
    test::Bytes text;
    text.text("This is plainly a text file, not an image. It has several words in it.\n");
    test::writeBytes(dir / "text.dcm", text.data);
    expectError(dir / "text.dcm", "not a DICOM file");
    SmallDataset noPixels;
    noPixels.containers = std::vector<Uint16>(12, 1);
    noPixels.save(dir / "image.dcm");
    DcmFileFormat ff;
    ASSERT_TRUE(ff.loadFile((dir / "image.dcm").c_str()).good());
    delete ff.getDataset()->remove(DCM_PixelData);
    ASSERT_TRUE(ff.saveFile((dir / "header-only.dcm").c_str(), EXS_LittleEndianExplicit).good());
    expectError(dir / "header-only.dcm", "no pixel data");
    // Truncated: the last bytes of the pixel data cut off.
    const auto full = std::filesystem::file_size(dir / "image.dcm");
    std::filesystem::copy_file(dir / "image.dcm", dir / "cut.dcm");
    std::filesystem::resize_file(dir / "cut.dcm", full - 6);
    expectError(dir / "cut.dcm", "cannot parse");
}

}  // namespace
}  // namespace xrayprep::dicom
