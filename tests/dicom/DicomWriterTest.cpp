#include "dicom/DicomWriter.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "DicomTestSupport.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

using processing::Image;
using processing::ImageMetadata;
using processing::Photometric;

// A 12-bit test pattern that reaches both ends of the range.
Image pattern(int width = 37, int height = 23, int bits = 12) {
    Image img(width, height, bits);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            img.at(x, y) = static_cast<std::uint16_t>((x * 997 + y * 131) % (img.maxValue() + 1));
        }
    }
    img.at(0, 0) = 0;
    img.at(1, 0) = img.maxValue();
    return img;
}

ImageMetadata metadata(Photometric photometric) {
    ImageMetadata m;
    m.photometric = photometric;
    m.spacing = processing::PixelSpacing{0.125, 0.25, "PixelSpacing"};
    m.windowCenter = 1000.0;
    m.windowWidth = 600.0;
    m.headerFields = {{"Modality", "CR"},
                      {"PatientName", "Doe^Jane"},
                      {"PatientID", "ID-42"},
                      {"BodyPartExamined", "FOOT"},
                      {"SOPInstanceUID", "1.2.3.4"},
                      {"StudyInstanceUID", "1.2.3.99"}};
    return m;
}

std::string datasetString(const std::filesystem::path& file, const DcmTagKey& tag) {
    DcmFileFormat ff;
    EXPECT_TRUE(ff.loadFile(file.c_str()).good());
    OFString value;
    ff.getDataset()->findAndGetOFStringArray(tag, value);
    return value.c_str();
}

std::string header(const LoadedImage& img, const std::string& name) {
    for (const auto& [k, v] : img.metadata.headerFields) {
        if (k == name) return v;
    }
    return {};
}

TEST(DicomWriter, RoundTripKeepsPixelsBitsSpacingAndWindow) {
    test::TempDir dir;
    const Image image = pattern();
    for (Photometric photometric : {Photometric::Monochrome2, Photometric::Monochrome1}) {
        const auto file = dir / (std::string(toString(photometric)) + ".dcm");
        DicomWriter{}(image, metadata(photometric), file);
        const LoadedImage back = DicomReader{}(file);
        EXPECT_EQ(back.image, image) << toString(photometric);
        EXPECT_EQ(back.image.bitsStored(), 12);
        EXPECT_EQ(back.metadata.photometric, photometric);
        ASSERT_TRUE(back.metadata.spacing.has_value());
        EXPECT_DOUBLE_EQ(back.metadata.spacing->x, 0.125);
        EXPECT_DOUBLE_EQ(back.metadata.spacing->y, 0.25);
        EXPECT_EQ(back.metadata.spacing->source, "PixelSpacing");
        ASSERT_TRUE(back.metadata.windowCenter && back.metadata.windowWidth);
        EXPECT_DOUBLE_EQ(*back.metadata.windowCenter, 1000.0);
        EXPECT_DOUBLE_EQ(*back.metadata.windowWidth, 600.0);
        EXPECT_FALSE(back.metadata.wasSigned);
        EXPECT_EQ(header(back, "Modality"), "CR");
        EXPECT_EQ(header(back, "PatientName"), "Doe^Jane");
        EXPECT_EQ(header(back, "PatientID"), "ID-42");
        EXPECT_EQ(header(back, "BodyPartExamined"), "FOOT");
        EXPECT_EQ(header(back, "StudyInstanceUID"), "1.2.3.99");
        EXPECT_NE(header(back, "SOPInstanceUID"), "1.2.3.4");  // a new instance
        EXPECT_FALSE(header(back, "SOPInstanceUID").empty());
        EXPECT_FALSE(header(back, "SeriesInstanceUID").empty());
    }
}

TEST(DicomWriter, WritesAValidPart10FileInTheFilesConvention) {
    test::TempDir dir;
    const auto file = dir / "mono1.dcm";
    const Image image = pattern();
    DicomWriter{}(image, metadata(Photometric::Monochrome1), file);
    // Checked with DCMTK directly, independent of the reader.
    DcmFileFormat ff;
    ASSERT_TRUE(ff.loadFile(file.c_str()).good());
    OFString ts, sopClass;
    ff.getMetaInfo()->findAndGetOFString(DCM_TransferSyntaxUID, ts);
    EXPECT_EQ(std::string(ts.c_str()), UID_LittleEndianExplicitTransferSyntax);
    DcmDataset& ds = *ff.getDataset();
    Uint16 v = 0;
    EXPECT_TRUE(ds.findAndGetUint16(DCM_BitsAllocated, v).good() && v == 16);
    EXPECT_TRUE(ds.findAndGetUint16(DCM_BitsStored, v).good() && v == 12);
    EXPECT_TRUE(ds.findAndGetUint16(DCM_HighBit, v).good() && v == 11);
    EXPECT_TRUE(ds.findAndGetUint16(DCM_PixelRepresentation, v).good() && v == 0);
    EXPECT_TRUE(ds.findAndGetUint16(DCM_SamplesPerPixel, v).good() && v == 1);
    EXPECT_EQ(datasetString(file, DCM_PhotometricInterpretation), "MONOCHROME1");
    EXPECT_EQ(datasetString(file, DCM_PixelSpacing), "0.25\\0.125");  // row \ column
    // File convention: stored = maxValue - bone-bright, window centre likewise.
    EXPECT_EQ(datasetString(file, DCM_WindowCenter), "3095");
    EXPECT_EQ(datasetString(file, DCM_WindowWidth), "600");
    const Uint16* pixels = nullptr;
    ASSERT_TRUE(ds.findAndGetUint16Array(DCM_PixelData, pixels).good());
    for (int i = 0; i < 50; ++i) {
        EXPECT_EQ(pixels[i], 4095 - image.pixels()[i]) << i;
    }
    // Two writes of the same image get different instance and series UIDs.
    const auto second = dir / "again.dcm";
    DicomWriter{}(image, metadata(Photometric::Monochrome1), second);
    EXPECT_NE(datasetString(file, DCM_SOPInstanceUID), datasetString(second, DCM_SOPInstanceUID));
    EXPECT_NE(datasetString(file, DCM_SeriesInstanceUID),
              datasetString(second, DCM_SeriesInstanceUID));
    EXPECT_EQ(datasetString(file, DCM_SOPClassUID), UID_SecondaryCaptureImageStorage);
}

TEST(DicomWriter, Monochrome1AndMonochrome2FilesReadBackToTheSameBoneBrightPixels) {
    test::TempDir dir;
    const Image image = pattern(64, 48, 10);
    DicomWriter{}(image, metadata(Photometric::Monochrome1), dir / "m1.dcm");
    DicomWriter{}(image, metadata(Photometric::Monochrome2), dir / "m2.dcm");
    const LoadedImage a = DicomReader{}(dir / "m1.dcm");
    const LoadedImage b = DicomReader{}(dir / "m2.dcm");
    EXPECT_EQ(a.image, b.image);
    EXPECT_EQ(a.image, image);
    EXPECT_NE(a.metadata.photometric, b.metadata.photometric);
}

TEST(DicomWriter, IsAtomicAndLeavesNoTemporaryFiles) {
    test::TempDir dir;
    const auto file = dir / "out.dcm";
    DicomWriter{}(pattern(), metadata(Photometric::Monochrome2), file);
    DicomWriter{}(pattern(20, 10, 8), ImageMetadata{}, file);  // replaces the first
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.dcm"});
    EXPECT_EQ(DicomReader{}(file).image, pattern(20, 10, 8));
    // A failing write names the target and leaves nothing behind.
    const auto missingFolder = dir / "no-such-folder" / "x.dcm";
    try {
        DicomWriter{}(pattern(), ImageMetadata{}, missingFolder);
        FAIL() << "expected DicomError";
    } catch (const DicomError& e) {
        EXPECT_NE(std::string(e.what()).find("x.dcm"), std::string::npos) << e.what();
    }
    EXPECT_THROW(DicomWriter{}(Image{}, ImageMetadata{}, dir / "empty.dcm"), DicomError);
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.dcm"});
}

TEST(DicomWriter, ReplacesOnlyARegularFile) {
    // Issue 14: the derived DICOM goes through the same guard as every output (D1): a FIFO or a
    // link at the path is refused, naming it, and left as it was.
    test::TempDir dir;
    const auto fifo = dir / "final.dcm";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    try {
        DicomWriter{}(pattern(), ImageMetadata{}, fifo);
        FAIL() << "expected DicomError";
    } catch (const DicomError& e) {
        EXPECT_NE(std::string(e.what()).find("a FIFO"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(std::filesystem::is_fifo(fifo));
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"final.dcm"});
}

TEST(DicomWriter, MissingSpacingStaysUnknownAndModalityDefaultsToOT) {
    test::TempDir dir;
    const auto file = dir / "plain.dcm";
    DicomWriter{}(pattern(), ImageMetadata{}, file);
    const LoadedImage back = DicomReader{}(file);
    EXPECT_FALSE(back.metadata.spacing.has_value());
    EXPECT_FALSE(back.metadata.windowCenter.has_value());
    EXPECT_EQ(header(back, "Modality"), "OT");
    EXPECT_EQ(datasetString(file, DCM_PixelSpacing), "");
}

TEST(DicomWriter, ImagerSpacingAndSignedSourceKeepTheirMeaning) {
    test::TempDir dir;
    const auto file = dir / "signed.dcm";
    ImageMetadata m;
    m.spacing = processing::PixelSpacing{0.15, 0.15, "ImagerPixelSpacing"};
    m.wasSigned = true;  // stored = original + 2048
    m.rescaleSlope = 1.0;
    m.rescaleIntercept = -1024.0;
    m.windowCenter = 2048.0 + 1064.0;  // original stored 1064 -> rescaled 40
    m.windowWidth = 400.0;
    DicomWriter{}(pattern(), m, file);
    EXPECT_EQ(datasetString(file, DCM_ImagerPixelSpacing), "0.15\\0.15");
    EXPECT_EQ(datasetString(file, DCM_PixelSpacing), "");
    // Written unsigned; the shift moves into the intercept so rescaled values are unchanged.
    EXPECT_EQ(datasetString(file, DCM_RescaleIntercept), "-3072");
    EXPECT_EQ(datasetString(file, DCM_WindowCenter), "40");
    const LoadedImage back = DicomReader{}(file);
    EXPECT_EQ(back.image, pattern());
    EXPECT_EQ(back.metadata.spacing->source, "ImagerPixelSpacing");
    EXPECT_DOUBLE_EQ(*back.metadata.windowCenter, 3112.0);
}

}  // namespace
}  // namespace xrayprep::dicom
