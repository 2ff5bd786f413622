// JPEG-LS near-lossless files state the largest error per sample (NEAR) in each scan header;
// the reader hands it on (ImageMetadata::codingErrorBound), which the texture measures take
// off. Files are coded here by DCMTK's own JPEG-LS encoder (CharLS), and the decoded pixels are
// compared with the originals: the bound must hold and must be what the encoder was asked for.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmjpls/djencode.h>
#include <dcmtk/dcmjpls/djrparam.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "DicomTestSupport.h"
#include "dicom/DicomReader.h"
#include "dicom/DicomWriter.h"
#include "dicom/EncapsulatedFrames.h"

namespace xrayprep::dicom {
namespace {

using processing::Image;

// A 10-bit radiograph-like pattern: a smooth ramp with noise, which a near-lossless coder does
// not reproduce exactly.
Image noisyRamp() {
    Image img(96, 80, 10);
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0.0, 6.0);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const double v = 200.0 + 4.0 * x + 2.0 * y + noise(rng);
            img.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, 1023.0));
        }
    }
    return img;
}

// The image written uncompressed, then recoded by DCMTK into JPEG-LS (near-lossless with this
// NEAR, or lossless for 0).
std::filesystem::path codedFile(const test::TempDir& dir, const Image& image, int near) {
    const auto plain = dir / "plain.dcm";
    processing::ImageMetadata m;
    m.headerFields = {{"Modality", "CR"}};
    DicomWriter{}(image, m, plain);
    DcmFileFormat ff;
    EXPECT_TRUE(ff.loadFile(plain.c_str()).good());
    DJLSEncoderRegistration::registerCodecs();
    const E_TransferSyntax xfer = near > 0 ? EXS_JPEGLSLossy : EXS_JPEGLSLossless;
    const DJLSRepresentationParameter rp(static_cast<Uint16>(near), near == 0);
    EXPECT_TRUE(ff.getDataset()->chooseRepresentation(xfer, &rp).good());
    const auto coded = dir / ("near" + std::to_string(near) + ".dcm");
    EXPECT_TRUE(ff.saveFile(coded.c_str(), xfer).good());
    DJLSEncoderRegistration::cleanup();
    return coded;
}

int maxDifference(const Image& a, const Image& b) {
    int d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        d = std::max(d, std::abs(int(a.pixels()[i]) - int(b.pixels()[i])));
    }
    return d;
}

TEST(NearLosslessJpegLs, TheReaderStatesTheEncodersErrorBoundAndThePixelsKeepIt) {
    test::TempDir dir;
    const Image image = noisyRamp();
    for (int near : {1, 3, 6}) {
        const LoadedImage back = DicomReader{}(codedFile(dir, image, near));
        ASSERT_TRUE(back.image.sameSize(image));
        EXPECT_EQ(back.metadata.codingErrorBound, near);
        const int d = maxDifference(back.image, image);
        EXPECT_GT(d, 0) << "NEAR " << near << ": the noisy ramp must not survive exactly";
        EXPECT_LE(d, near);
    }
    const LoadedImage lossless = DicomReader{}(codedFile(dir, image, 0));
    EXPECT_EQ(lossless.metadata.codingErrorBound, 0);
    EXPECT_EQ(lossless.image, image);
}

TEST(NearLosslessJpegLs, UncompressedFilesStateNoBound) {
    test::TempDir dir;
    const auto plain = dir / "plain.dcm";
    DicomWriter{}(noisyRamp(), processing::ImageMetadata{}, plain);
    EXPECT_EQ(DicomReader{}(plain).metadata.codingErrorBound, 0);
}

// Hand-made streams: the NEAR byte of the scan header, after a JPEG-LS frame header only.
std::vector<std::uint8_t> stream(std::uint8_t frameMarker, std::uint8_t near, bool lse) {
    std::vector<std::uint8_t> s = {0xFF, 0xD8,  // SOI
                                   0xFF, frameMarker, 0x00, 0x0B, 0x0A, 0x00, 0x10,
                                   0x00, 0x10,        0x01, 0x01, 0x11, 0x00};
    if (lse) {  // a preset-parameters segment whose payload holds the bytes of a SOS marker
        const std::vector<std::uint8_t> seg = {0xFF, 0xF8, 0x00, 0x06, 0x02, 0xFF, 0xDA, 0x09};
        s.insert(s.end(), seg.begin(), seg.end());
    }
    const std::vector<std::uint8_t> sos = {0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01,
                                           0x00, near, 0x00, 0x00, 0x12, 0x34};
    s.insert(s.end(), sos.begin(), sos.end());
    return s;
}

TEST(NearLosslessJpegLs, NearIsReadFromTheScanHeaderOfJpegLsStreamsOnly) {
    EXPECT_EQ(jpegLsNearBound(stream(0xF7, 4, false)), 4);
    EXPECT_EQ(jpegLsNearBound(stream(0xF7, 0, false)), 0);
    EXPECT_EQ(jpegLsNearBound(stream(0xF7, 7, true)), 7);  // segments skipped by their length
    // A JPEG (process 14) scan header has its spectral selection where JPEG-LS has NEAR.
    EXPECT_EQ(jpegLsNearBound(stream(0xC3, 5, false)), 0);
    std::vector<std::uint8_t> cut = stream(0xF7, 4, false);
    cut.resize(cut.size() - 6);  // the scan header ends before NEAR
    EXPECT_EQ(jpegLsNearBound(cut), 0);
    EXPECT_EQ(jpegLsNearBound({}), 0);
    EXPECT_EQ(jpegSamplePrecision(stream(0xF7, 4, true)), 10);
}

TEST(NearLosslessJpegLs, TheNemaNearLosslessRadiographStatesItsBound) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const LoadedImage lossy = DicomReader{}(test::corpusDir() / "nema-wg04/RG3_JLSN.dcm");
    const LoadedImage lossless = DicomReader{}(test::corpusDir() / "nema-wg04/RG3_RLE.dcm");
    EXPECT_EQ(lossy.metadata.codingErrorBound, 4);
    EXPECT_LE(maxDifference(lossy.image, lossless.image), 4);
    EXPECT_EQ(lossless.metadata.codingErrorBound, 0);
    for (const char* name :
         {"nema-wg04/RG3_JLSL.dcm", "nema-wg04/RG3_JPLY.dcm", "pydicom-data/RG3_J2KI.dcm"}) {
        EXPECT_EQ(DicomReader{}(test::corpusDir() / name).metadata.codingErrorBound, 0) << name;
    }
}

}  // namespace
}  // namespace xrayprep::dicom
