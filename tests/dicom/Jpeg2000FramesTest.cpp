// JPEG 2000 beyond the corpus: JP2 boxes instead of a bare codestream, frames split over
// several fragments, multi-frame selection with and without a Basic Offset Table.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcpxitem.h>
#include <gtest/gtest.h>

#include "DicomTestSupport.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

using Fragments = std::vector<std::vector<std::uint8_t>>;

// The codestream of a single-frame JPEG 2000 file, fragments joined.
std::vector<std::uint8_t> codestreamOf(const std::filesystem::path& file) {
    DcmFileFormat ff;
    EXPECT_TRUE(ff.loadFile(file.c_str()).good());
    DcmElement* element = nullptr;
    EXPECT_TRUE(ff.getDataset()->findAndGetElement(DCM_PixelData, element).good());
    DcmPixelSequence* sequence = nullptr;
    EXPECT_TRUE(static_cast<DcmPixelData*>(element)
                    ->getEncapsulatedRepresentation(EXS_JPEG2000LosslessOnly, nullptr, sequence)
                    .good() ||
                static_cast<DcmPixelData*>(element)
                    ->getEncapsulatedRepresentation(EXS_JPEG2000, nullptr, sequence)
                    .good());
    std::vector<std::uint8_t> bytes;
    for (unsigned long i = 1; sequence && i < sequence->card(); ++i) {
        DcmPixelItem* item = nullptr;
        Uint8* data = nullptr;
        sequence->getItem(item, i);
        item->getUint8Array(data);
        bytes.insert(bytes.end(), data, data + item->getLength());
    }
    return bytes;
}

// A minimal JP2 file (signature, file type, header with ihdr + colr, codestream box).
std::vector<std::uint8_t> jp2Wrap(const std::vector<std::uint8_t>& codestream, int width,
                                  int height, int bits) {
    test::Bytes b;
    const auto box = [&b](std::uint32_t length, const char* type) {
        b.u32(length, true).text(type);
    };
    box(12, "jP  ");
    b.u32(0x0D0A870A, true);
    box(20, "ftyp");
    b.text("jp2 ").u32(0, true).text("jp2 ");
    box(8 + 22 + 15, "jp2h");
    box(22, "ihdr");
    b.u32(height, true).u32(width, true).u16(1, true).u8(bits - 1).u8(7).u8(0).u8(0);
    box(15, "colr");
    b.u8(1).u8(0).u8(0).u32(17, true);  // enumerated colour space: greyscale
    box(static_cast<std::uint32_t>(8 + codestream.size()), "jp2c");
    b.data.insert(b.data.end(), codestream.begin(), codestream.end());
    if (b.data.size() % 2) b.u8(0);
    return b.data;
}

// Splits `bytes` into `parts` fragments of even length.
Fragments split(const std::vector<std::uint8_t>& bytes, int parts) {
    Fragments out;
    std::size_t step = (bytes.size() / parts) & ~std::size_t{1};
    for (int p = 0; p < parts; ++p) {
        const std::size_t begin = p * step;
        const std::size_t end = p + 1 == parts ? bytes.size() : begin + step;
        out.emplace_back(bytes.begin() + begin, bytes.begin() + end);
        if (out.back().size() % 2) out.back().push_back(0);
    }
    return out;
}

// Copies `source`, replacing its pixel data by the given fragments (and offset table).
void writeWithFragments(const std::filesystem::path& source, const std::filesystem::path& target,
                        const Fragments& fragments, int frames,
                        const std::vector<std::uint32_t>& offsets) {
    DcmFileFormat ff;
    ASSERT_TRUE(ff.loadFile(source.c_str()).good());
    DcmDataset& ds = *ff.getDataset();
    auto* sequence = new DcmPixelSequence(DcmTag(DCM_PixelData, EVR_OB));
    auto* table = new DcmPixelItem(DcmTag(DCM_Item, EVR_OB));
    std::vector<Uint8> raw;
    for (std::uint32_t o : offsets) {
        for (int k = 0; k < 4; ++k) raw.push_back(static_cast<Uint8>(o >> (8 * k)));
    }
    table->putUint8Array(raw.data(), raw.size());
    sequence->insert(table);
    for (const auto& f : fragments) {
        auto* item = new DcmPixelItem(DcmTag(DCM_Item, EVR_OB));
        item->putUint8Array(f.data(), f.size());
        sequence->insert(item);
    }
    auto* pixels = new DcmPixelData(DCM_PixelData);
    pixels->putOriginalRepresentation(EXS_JPEG2000LosslessOnly, nullptr, sequence);
    ds.insert(pixels, true);
    ds.putAndInsertString(DCM_NumberOfFrames, std::to_string(frames).c_str());
    ASSERT_TRUE(ff.saveFile(target.c_str(), EXS_JPEG2000LosslessOnly).good());
}

TEST(Jpeg2000Frames, Jp2BoxesAndSplitFragmentsDecodeLikeTheOriginal) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    test::TempDir dir;
    const auto source = test::corpusDir() / "pydicom-data/RG3_J2KR.dcm";
    const LoadedImage reference = DicomReader{}(source);
    const auto codestream = codestreamOf(source);
    ASSERT_GT(codestream.size(), 1000u);

    writeWithFragments(source, dir / "jp2.dcm", {jp2Wrap(codestream, 1760, 1760, 10)}, 1, {});
    EXPECT_EQ(DicomReader{}(dir / "jp2.dcm").image, reference.image);

    writeWithFragments(source, dir / "split.dcm", split(codestream, 3), 1, {});
    EXPECT_EQ(DicomReader{}(dir / "split.dcm").image, reference.image);
}

TEST(Jpeg2000Frames, MultiFrameWithAndWithoutOffsetTable) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    test::TempDir dir;
    const auto lossless = test::corpusDir() / "pydicom-data/RG3_J2KR.dcm";
    const auto lossy = test::corpusDir() / "pydicom-data/RG3_J2KI.dcm";
    const LoadedImage first = DicomReader{}(lossless);
    const LoadedImage second = DicomReader{}(lossy);
    ASSERT_NE(first.image, second.image);
    Fragments fragments = split(codestreamOf(lossless), 2);
    const Fragments more = split(codestreamOf(lossy), 3);
    std::uint32_t secondOffset = 0;
    for (const auto& f : fragments) secondOffset += static_cast<std::uint32_t>(f.size() + 8);
    fragments.insert(fragments.end(), more.begin(), more.end());

    // No offset table: frames are found by their start-of-codestream markers.
    writeWithFragments(lossless, dir / "scan.dcm", fragments, 2, {});
    // Offset table: frames are found through it.
    writeWithFragments(lossless, dir / "table.dcm", fragments, 2, {0, secondOffset});
    for (const char* name : {"scan.dcm", "table.dcm"}) {
        const LoadedImage f0 = DicomReader{}(dir / name, ReadOptions{0});
        const LoadedImage f1 = DicomReader{}(dir / name, ReadOptions{1});
        EXPECT_EQ(f0.metadata.frameCount, 2) << name;
        EXPECT_EQ(f0.image, first.image) << name;
        EXPECT_EQ(f1.image, second.image) << name;
        EXPECT_THROW((void)DicomReader{}(dir / name, ReadOptions{2}), DicomError) << name;
    }
}

}  // namespace
}  // namespace xrayprep::dicom
