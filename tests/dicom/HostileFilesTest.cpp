// Hostile files of the second round (issue 14), made here byte by byte: each must be read or
// refused in bounded time and memory, and a mismatch between header and data must never pass
// as an image.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcpxitem.h>
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>

#include "DicomTestSupport.h"
#include "RawImage.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

using test::RawImage;

long maxRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

bool anyWarningHas(const LoadedImage& image, const std::string& words) {
    return std::any_of(image.metadata.warnings.begin(), image.metadata.warnings.end(),
                       [&](const std::string& w) { return w.find(words) != std::string::npos; });
}

class HostileFiles : public ::testing::Test {
  protected:
    void expectRefused(const std::filesystem::path& file, const std::string& words) {
        try {
            (void)DicomReader{}(file);
            ADD_FAILURE() << file << " loaded";
        } catch (const DicomError& e) {
            EXPECT_NE(e.reason().find(words), std::string::npos) << e.what();
        }
    }
    test::TempDir dir_;
};

TEST_F(HostileFiles, GigabytesOfZerosAfterThePixelDataAreIgnoredUnread) {
    // D4: a valid file followed by 1 GiB of zeros (sparse: nothing on disk) took 0.15 s per MB
    // and the whole file in memory; DCMTK parsed the zeros element by element.
    const auto file = dir_ / "zeros-appended.dcm";
    test::writeBytes(file, RawImage{}.bytes());
    std::filesystem::resize_file(file,
                                 std::filesystem::file_size(file) + (std::uintmax_t{1} << 30));
    const long rssBefore = maxRssKiB();
    const auto start = std::chrono::steady_clock::now();
    const LoadedImage image = DicomReader{}(file);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    EXPECT_LT(maxRssKiB() - rssBefore, 64 * 1024) << "KiB of peak memory added";
    EXPECT_EQ(image.image.width(), 3);
    EXPECT_EQ(image.image.height(), 4);
    EXPECT_EQ(image.image.pixels()[11], 0x111);
    EXPECT_TRUE(anyWarningHas(image, "1073741824 bytes after the pixel data ignored"));
}

TEST_F(HostileFiles, ClaimedLengthInTheKeptPartIsNotAllocatedBlindly) {
    // Fuzzer finding (oom-6836e6c2, CI 2026-12-01): junk after the pixel data sends the read of
    // the part before it through the truncated path; parsed from a buffer stream, DCMTK
    // allocated a meta header element's claimed 4 GB before reading it. The kept part is now
    // read as a file, like any other, and the claim fails cleanly.
    static const unsigned char kReproducer[] = {
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x0f, 0x27, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x44, 0x49, 0x43, 0x4d, 0x02, 0x00, 0x00,
        0x00, 0x55, 0x4c, 0x04, 0x00, 0xc8, 0x00, 0x00, 0x00, 0x02, 0x00, 0x07, 0x00, 0x4f, 0x42,
        0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x02, 0x00, 0x55, 0x49, 0x1a,
        0x00, 0x31, 0x2e, 0x32, 0x2e, 0x38, 0x34, 0x30, 0x2e, 0x31, 0x30, 0x30, 0x53, 0x00, 0x02,
        0x00, 0x0b, 0x00, 0x28, 0x01, 0x03, 0x55, 0x53, 0x00, 0x02, 0x00, 0x20, 0x7f, 0xe0, 0x00,
        0x10, 0x4f, 0x57, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x00, 0x00, 0x00, 0x25, 0x00, 0x4a,
        0x00, 0x6f, 0x00, 0x94, 0x00, 0xb9, 0x00, 0xde, 0x01, 0x03, 0x01, 0x28, 0x01, 0x4d, 0x01,
        0x72, 0x01, 0x97, 0x01, 0xbc, 0x01, 0xe1, 0x02, 0x06, 0x02, 0x2b, 0x02, 0x50, 0x02, 0x75,
        0x02, 0x9a, 0x02, 0xbf, 0x02, 0xe4, 0x03, 0x09, 0x03, 0x2e, 0x03, 0x53, 0x03, 0x78, 0x03,
        0x9d, 0x03, 0xc2, 0x03, 0xe7, 0x04, 0x0c, 0x04, 0x31, 0x04, 0x56, 0x04, 0x7b, 0x04, 0xa0,
        0x04, 0xc5, 0x04, 0xea, 0x05, 0x0f, 0x05, 0x34, 0x05, 0x59, 0x05, 0x7e, 0x05, 0xa3, 0x05,
        0xc8, 0x05, 0xed, 0x06, 0x12, 0x06, 0x37, 0x06, 0x5c, 0x06, 0x81, 0x06, 0xa6, 0x06, 0xcb,
        0x06, 0xf0, 0x07, 0x15, 0x07, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77,
        0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77,
        0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x3a, 0x07, 0x5f, 0x07, 0x84,
        0x07, 0xa9, 0x07, 0xce, 0x07, 0xf3, 0x08, 0x18, 0x08, 0x3d, 0x08, 0x62, 0x08, 0x87, 0x08,
        0xac, 0x08, 0xd1, 0x08, 0xf6, 0x09, 0x1b, 0x09, 0x40, 0x09, 0x65, 0x09, 0x8a, 0x09, 0xaf,
        0x09, 0xd4, 0x09, 0xf9, 0x0a, 0x1e, 0x0a, 0x43, 0x0a, 0x68, 0x0a, 0x8d, 0x0a, 0xb2, 0x0a,
        0xd7, 0x0a, 0xfc, 0x0b, 0x21, 0x0b, 0x46, 0x0b, 0x6b, 0x0b, 0x90, 0x0b, 0xb5, 0x0b, 0xda,
        0x0b, 0xff, 0x0c, 0x24, 0x0c, 0x49, 0x0c, 0x6e, 0x0c, 0x93, 0x0c, 0xb8, 0x0c, 0xdd, 0x0d,
        0x02, 0x0d, 0x27, 0x0d, 0x4c, 0x0d, 0x71, 0x0d, 0x96, 0x0d, 0xbb, 0x0d, 0xe0, 0x0e, 0x05,
        0x0e, 0x2a, 0x0e, 0x4f, 0x0e, 0x74, 0x0e, 0x99, 0x0e, 0xbe, 0x0e, 0xe3, 0x0f, 0x08, 0x0f,
        0x2d, 0x0f, 0x52, 0x0f, 0x77, 0x0f, 0x9c, 0x0f, 0xc1, 0x0f, 0xe6, 0x00, 0x0b, 0x00, 0x30,
        0x00, 0x55, 0x00, 0x7a, 0x00, 0x9f, 0x00, 0xc4, 0x00, 0xe9, 0x01, 0x0e, 0x01, 0x33};
    const auto file = dir_ / "oom-6836e6c2.dcm";
    test::writeBytes(file,
                     std::vector<std::uint8_t>(std::begin(kReproducer), std::end(kReproducer)));
    const long rssBefore = maxRssKiB();
    try {
        (void)DicomReader{}(file);
    } catch (const DicomError&) {
    }
    EXPECT_LT(maxRssKiB() - rssBefore, 64 * 1024) << "KiB of peak memory added";
}

TEST_F(HostileFiles, AnotherFileAppendedIsIgnoredWithAWarning) {
    RawImage first;
    first.pixels.assign(24, 0x07);
    std::vector<std::uint8_t> bytes = first.bytes();
    const std::vector<std::uint8_t> second = RawImage{}.bytes();
    bytes.insert(bytes.end(), second.begin(), second.end());
    const auto file = dir_ / "two-files.dcm";
    test::writeBytes(file, bytes);
    const LoadedImage image = DicomReader{}(file);
    EXPECT_EQ(image.image.pixels()[0], 0x707);
    EXPECT_TRUE(anyWarningHas(image, std::to_string(second.size()) + " bytes after the pixel"));
}

TEST_F(HostileFiles, TrailingPaddingElementIsNotJunk) {
    test::Bytes padding;  // (FFFC,FFFC) Data Set Trailing Padding: legal after the pixel data
    padding.u16(0xFFFC).u16(0xFFFC).text("OB").u16(0).u32(16);
    padding.data.resize(padding.data.size() + 16, 0);
    std::vector<std::uint8_t> bytes = RawImage{}.bytes();
    bytes.insert(bytes.end(), padding.data.begin(), padding.data.end());
    const auto file = dir_ / "padded.dcm";
    test::writeBytes(file, bytes);
    const LoadedImage image = DicomReader{}(file);
    EXPECT_FALSE(anyWarningHas(image, "after the pixel data"))
        << (image.metadata.warnings.empty() ? "" : image.metadata.warnings[0]);
}

TEST_F(HostileFiles, ImplausiblePixelSpacingIsTreatedAsUnknown) {
    // D12: PixelSpacing 1e-308 was taken as millimetres; the mesh collapsed to a line.
    for (const char* bad : {"1e-308\\1e-308", "0.001\\0.1", "50\\50"}) {
        SCOPED_TRACE(bad);
        RawImage image;
        image.pixelSpacing = bad;
        const auto file = dir_ / "spacing.dcm";
        test::writeBytes(file, image.bytes());
        const LoadedImage loaded = DicomReader{}(file);
        EXPECT_FALSE(loaded.metadata.spacing.has_value());
        EXPECT_TRUE(anyWarningHas(loaded, "implausible for a radiograph"));
    }
    RawImage plausible;
    plausible.pixelSpacing = "0.139\\0.139";
    test::writeBytes(dir_ / "good.dcm", plausible.bytes());
    const LoadedImage loaded = DicomReader{}(dir_ / "good.dcm");
    ASSERT_TRUE(loaded.metadata.spacing.has_value());
    EXPECT_DOUBLE_EQ(loaded.metadata.spacing->x, 0.139);
}

std::string headerField(const LoadedImage& image, const std::string& name) {
    for (const auto& [key, value] : image.metadata.headerFields) {
        if (key == name) return value;
    }
    return "<absent>";
}

TEST_F(HostileFiles, TextDcmtkCannotConvertIsLeftOutNotCarriedGarbled) {
    // D10: a PatientName in ISO 2022 IR 87 (the example of PS3.5 H.3.1) or in an unknown
    // character set was copied byte for byte into a derived DICOM labelled ISO_IR 192.
    RawImage japanese;
    japanese.characterSet = "\\ISO 2022 IR 87";
    japanese.patientName =
        "Yamada^Tarou=\x1B$B;3ED\x1B(B^\x1B$BB@O:\x1B(B=\x1B$B$d$^$@\x1B(B^\x1B$B$?$m$&\x1B(B";
    test::writeBytes(dir_ / "ir87.dcm", japanese.bytes());
    const LoadedImage a = DicomReader{}(dir_ / "ir87.dcm");
    const std::string name = headerField(a, "PatientName");
    EXPECT_EQ(name, "Yamada^Tarou");  // the alphabetic group; DCMTK cannot convert the rest
    EXPECT_TRUE(anyWarningHas(a, "ISO 2022 IR 87) were left out"));
    RawImage unknown;
    unknown.characterSet = "ISO_IR 999";
    unknown.patientName = "M\xFCller^J\xF6rg";  // Latin-1 bytes under a term nobody knows
    test::writeBytes(dir_ / "unknown.dcm", unknown.bytes());
    const LoadedImage b = DicomReader{}(dir_ / "unknown.dcm");
    EXPECT_EQ(headerField(b, "PatientName"), "M?ller^J?rg");
    EXPECT_TRUE(anyWarningHas(b, "PatientName: characters that could not be converted"));
    // Latin-1 under its own name converts (DCMTK): nothing is left out.
    RawImage latin;
    latin.characterSet = "ISO_IR 100";
    latin.patientName = "M\xFCller^J\xF6rg";
    test::writeBytes(dir_ / "latin1.dcm", latin.bytes());
    EXPECT_EQ(headerField(DicomReader{}(dir_ / "latin1.dcm"), "PatientName"),
              "M\xC3\xBCller^J\xC3\xB6rg");
}

TEST_F(HostileFiles, ErrorMessagesCannotDriveTheTerminal) {
    // Minor point: a transfer syntax UID with escape codes was printed raw.
    RawImage image;
    image.transferSyntax = "1.2.3\x1B[2J\x1B]0;owned\x07";
    const auto file = dir_ / "escape\x1B[31m.dcm";
    test::writeBytes(file, image.bytes());
    try {
        (void)DicomReader{}(file);
        ADD_FAILURE() << "loaded";
    } catch (const DicomError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\x1B'), std::string::npos) << what;
        EXPECT_EQ(what.find('\x07'), std::string::npos) << what;
        EXPECT_NE(what.find("1.2.3\\x1B[2J"), std::string::npos) << what;
        EXPECT_NE(what.find("escape\\x1B[31m.dcm"), std::string::npos) << what;
        EXPECT_EQ(e.file(), file);
    }
}

// n private elements (8 bytes of header, 2 of value) in descending tag order, or all the same.
std::vector<std::uint8_t> privateElements(int n, bool descending) {
    test::Bytes b;
    for (int i = 0; i < n; ++i) {
        const int k = descending ? n - 1 - i : 0;
        b.u16(static_cast<std::uint16_t>(0x0011 + 2 * (k >> 12)))
            .u16(static_cast<std::uint16_t>(0x1000 + (k & 0xFFF)))
            .text("LO")
            .u16(2)
            .text("1 ");
    }
    return b.data;
}

TEST_F(HostileFiles, ElementsOutOfOrderCannotMakeParsingQuadratic) {
    // D9: DCMTK inserts an element out of order by walking back through the item's elements;
    // 20,000 in descending order cost it 0.8 s, 40,000 over 3 s, a million hours. Refused before
    // DCMTK parses.
    RawImage descending;
    descending.beforePixelData = privateElements(40'000, true);
    const auto file = dir_ / "descending.dcm";
    test::writeBytes(file, descending.bytes());
    const auto start = std::chrono::steady_clock::now();
    try {
        (void)DicomReader{}(file);
        ADD_FAILURE() << "loaded";
    } catch (const DicomError& e) {
        EXPECT_NE(e.reason().find("out of order or repeated"), std::string::npos) << e.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
}

TEST_F(HostileFiles, RepeatsOfOneElementAndAFewOutOfOrderStillLoad) {
    // A repeat of the previous element costs DCMTK one step (it keeps the first); real files
    // carry a few elements out of order. Neither is refused.
    RawImage repeated;
    repeated.beforePixelData = privateElements(100'000, false);
    const auto a = dir_ / "repeated.dcm";
    test::writeBytes(a, repeated.bytes());
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(DicomReader{}(a).image.width(), 3);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    RawImage few;
    few.beforePixelData = privateElements(50, true);
    const auto b = dir_ / "few-out-of-order.dcm";
    test::writeBytes(b, few.bytes());
    EXPECT_EQ(DicomReader{}(b).image.width(), 3);
}

// One RLE segment holding `bytes` as literal runs (PS3.5 G.3), padded to an even length.
std::vector<std::uint8_t> rleSegment(const std::vector<std::uint8_t>& bytes) {
    std::vector<std::uint8_t> out;
    for (std::size_t at = 0; at < bytes.size(); at += 128) {
        const std::size_t n = std::min<std::size_t>(128, bytes.size() - at);
        out.push_back(static_cast<std::uint8_t>(n - 1));
        out.insert(out.end(), bytes.begin() + static_cast<long>(at),
                   bytes.begin() + static_cast<long>(at + n));
    }
    if (out.size() % 2) out.push_back(0);
    return out;
}

// An RLE frame of a 16-bit image: the high-byte segment, then the low-byte one.
std::vector<std::uint8_t> rleFrame16(const std::vector<std::uint16_t>& pixels) {
    std::vector<std::uint8_t> high, low;
    for (std::uint16_t v : pixels) {
        high.push_back(static_cast<std::uint8_t>(v >> 8));
        low.push_back(static_cast<std::uint8_t>(v & 0xFF));
    }
    const std::vector<std::uint8_t> a = rleSegment(high), b = rleSegment(low);
    test::Bytes frame;
    frame.u32(2).u32(64).u32(static_cast<std::uint32_t>(64 + a.size()));
    for (int i = 0; i < 13; ++i) frame.u32(0);
    frame.data.insert(frame.data.end(), a.begin(), a.end());
    frame.data.insert(frame.data.end(), b.begin(), b.end());
    return frame.data;
}

class HostileRle : public HostileFiles {
  protected:
    // A 3 x 4 RLE image whose header says rows x columns.
    std::filesystem::path write(const std::string& name, std::uint32_t rows, std::uint32_t columns,
                                std::size_t keepBytes = 0) {
        std::vector<std::uint16_t> pixels(12);
        for (std::size_t i = 0; i < pixels.size(); ++i)
            pixels[i] = static_cast<std::uint16_t>(100 * i);
        RawImage image;
        image.transferSyntax = test::kRle;
        image.encapsulated = true;
        image.rows = rows;
        image.columns = columns;
        image.pixels = rleFrame16(pixels);
        if (keepBytes != 0) image.pixels.resize(keepBytes);
        const auto file = dir_ / name;
        test::writeBytes(file, image.bytes());
        return file;
    }
};

TEST_F(HostileRle, MatchingHeaderLoads) {
    const LoadedImage image = DicomReader{}(write("good.dcm", 4, 3));
    ASSERT_EQ(image.image.width(), 3);
    EXPECT_EQ(image.image.pixels()[11], 1100);
}

TEST_F(HostileRle, HeaderLargerOrSmallerThanTheStreamIsRefused) {
    // D8: DCMTK filled the missing rows (or dropped the extra ones) without a word.
    expectRefused(write("rows-6.dcm", 6, 3),
                  "decodes to 12 bytes but Rows x Columns in the "
                  "header need 18 (data missing or the header's size");
    expectRefused(write("rows-2.dcm", 2, 3), "the header's size is too small");
}

TEST_F(HostileRle, HalfAFragmentMissingIsRefused) {
    // 64-byte table + 14-byte first segment + 3 of the second segment's 14 bytes.
    expectRefused(write("cut.dcm", 4, 3, 64 + 14 + 3), "RLE segment 2 decodes to 0 bytes");
}

TEST_F(HostileRle, SmallFileDecodingToMoreThanTheInputPixelLimitIsRefusedBeforeDecoding) {
    // D5: RLE compresses a uniform image 64-fold; a 2 MB file of 8000 x 8000 pixels was decoded
    // (128 MB, inside the old 1 GiB frame limit) and the run went on to gigabytes.
    const std::size_t pixels = 8000 * 8000;
    std::vector<std::uint8_t> segment;
    for (std::size_t done = 0; done < pixels; done += 128) {
        segment.push_back(static_cast<std::uint8_t>(-127));  // 128 copies of the next byte
        segment.push_back(0x10);
    }
    test::Bytes frame;
    frame.u32(2).u32(64).u32(static_cast<std::uint32_t>(64 + segment.size()));
    for (int i = 0; i < 13; ++i) frame.u32(0);
    frame.data.insert(frame.data.end(), segment.begin(), segment.end());
    frame.data.insert(frame.data.end(), segment.begin(), segment.end());
    RawImage image;
    image.transferSyntax = test::kRle;
    image.encapsulated = true;
    image.rows = image.columns = 8000;
    image.pixels = frame.data;
    const auto file = dir_ / "rle-8000.dcm";
    test::writeBytes(file, image.bytes());
    const long rssBefore = maxRssKiB();
    expectRefused(file, "64.0 megapixels) exceeds the limit of 33.6 megapixels per image");
    EXPECT_LT(maxRssKiB() - rssBefore, 64 * 1024) << "KiB of peak memory added";
}

// A corpus file re-saved by DCMTK with its header or its compressed stream bent.
class HostileJpeg : public HostileFiles {
  protected:
    std::filesystem::path bend(const std::string& corpusName, Uint16 rows, Uint16 columns,
                               bool cutStream) {
        DcmFileFormat file;
        EXPECT_TRUE(file.loadFile((test::corpusDir() / corpusName).c_str()).good());
        DcmDataset& data = *file.getDataset();
        EXPECT_TRUE(data.putAndInsertUint16(DCM_Rows, rows).good());
        EXPECT_TRUE(data.putAndInsertUint16(DCM_Columns, columns).good());
        if (cutStream) {
            DcmElement* element = nullptr;
            EXPECT_TRUE(data.findAndGetElement(DCM_PixelData, element).good());
            DcmPixelSequence* sequence = nullptr;
            const E_TransferSyntax xfer = data.getOriginalXfer();
            EXPECT_TRUE(static_cast<DcmPixelData*>(element)
                            ->getEncapsulatedRepresentation(xfer, nullptr, sequence)
                            .good());
            DcmPixelItem* last = nullptr;
            EXPECT_TRUE(sequence->getItem(last, sequence->card() - 1).good());
            Uint8* bytes = nullptr;
            EXPECT_TRUE(last->getUint8Array(bytes).good());
            const std::vector<Uint8> half(bytes, bytes + (last->getLength() / 4) * 2);
            EXPECT_TRUE(last->putUint8Array(half.data(), static_cast<Uint32>(half.size())).good());
        }
        const auto out = dir_ / ("bent-" + std::to_string(rows) + "-" + std::to_string(cutStream) +
                                 "-" + std::filesystem::path(corpusName).filename().string());
        EXPECT_TRUE(file.saveFile(out.c_str(), data.getOriginalXfer()).good());
        return out;
    }
};

TEST_F(HostileJpeg, FrameHeaderThatDisagreesWithTheDicomHeaderIsRefused) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    for (const char* name : {"nema-wg04/RG3_JPLL.dcm", "nema-wg04/RG3_JLSL.dcm"}) {
        SCOPED_TRACE(name);
        // The unchanged file loads (the check does not refuse what is right).
        EXPECT_EQ(DicomReader{}(bend(name, 1760, 1760, false)).image.width(), 1760);
        expectRefused(bend(name, 100, 100, false),
                      "the JPEG frame header says 1760 x 1760 x 1 component(s), the DICOM "
                      "header 100 x 100 x 1");
        expectRefused(bend(name, 3000, 3000, false), "the DICOM header 3000 x 3000");
    }
}

TEST_F(HostileJpeg, StreamCutShortIsRefused) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    for (const char* name : {"nema-wg04/RG3_JPLL.dcm", "nema-wg04/RG3_JLSL.dcm"}) {
        SCOPED_TRACE(name);
        expectRefused(bend(name, 1760, 1760, true), "cut short");
    }
}

}  // namespace
}  // namespace xrayprep::dicom
