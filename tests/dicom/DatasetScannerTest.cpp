#include "dicom/DatasetScanner.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <chrono>

#include "DicomTestSupport.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

using test::Bytes;

constexpr const char* kExplicitLE = "1.2.840.10008.1.2.1";

// `depth` sequences nested inside each other, all with undefined length.
Bytes nestedUndefined(int depth) {
    Bytes b;
    for (int i = 0; i < depth; ++i) b.sequenceStart(0x0008, 0x1140).itemStart();
    b.shortElement(0x0008, 0x1150, "UI", "1.2.3");
    for (int i = 0; i < depth; ++i) b.itemEnd().sequenceEnd();
    return b;
}

// The same with defined lengths, built from the inside out.
Bytes nestedDefined(int depth) {
    Bytes inner;
    inner.shortElement(0x0008, 0x1150, "UI", "1.2.3");
    for (int i = 0; i < depth; ++i) {
        Bytes item;
        item.itemStart(static_cast<std::uint32_t>(inner.data.size())).append(inner);
        Bytes seq;
        seq.sequenceStart(0x0008, 0x1140, static_cast<std::uint32_t>(item.data.size()))
            .append(item);
        inner = seq;
    }
    return inner;
}

Bytes fileWith(const Bytes& dataset, const char* ts = kExplicitLE) {
    Bytes file = test::part10Header(ts);
    file.shortElement(0x0008, 0x0060, "CS", "OT");
    file.append(dataset);
    file.shortElement(0x0010, 0x0010, "PN", "Doe^John");
    return file;
}

TEST(DatasetScanner, FlatDatasetIsCompleteWithoutSequences) {
    const Bytes file = fileWith(Bytes{});
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_TRUE(r.hasPreamble);
    EXPECT_TRUE(r.hasMetaHeader);
    EXPECT_EQ(r.transferSyntaxUid, kExplicitLE);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.maxDepth, 0);
    EXPECT_EQ(r.topLevelElements, 2u);
    EXPECT_TRUE(r.tagsAscending);
}

TEST(DatasetScanner, CountsUndefinedLengthNesting) {
    for (int depth : {1, 2, 5, 64}) {
        const DatasetScanResult r = DatasetScanner{}(fileWith(nestedUndefined(depth)).data);
        EXPECT_TRUE(r.complete) << depth << ": " << r.problem;
        EXPECT_EQ(r.maxDepth, depth);
        EXPECT_FALSE(r.depthExceeded);
        EXPECT_EQ(r.topLevelElements, 3u);
    }
}

TEST(DatasetScanner, CountsDefinedLengthNesting) {
    const DatasetScanResult r = DatasetScanner{}(fileWith(nestedDefined(7)).data);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.maxDepth, 7);
}

TEST(DatasetScanner, StopsAtTheDepthLimit) {
    DatasetScanLimits limits;
    limits.maxSequenceDepth = 10;
    for (const Bytes& nested : {nestedUndefined(11), nestedDefined(11), nestedUndefined(5000)}) {
        const DatasetScanResult r = DatasetScanner(limits)(fileWith(nested).data);
        EXPECT_TRUE(r.depthExceeded);
        EXPECT_EQ(r.maxDepth, 11);
        EXPECT_FALSE(r.complete);
        EXPECT_NE(r.problem.find("nested deeper than 10"), std::string::npos) << r.problem;
    }
    EXPECT_FALSE(DatasetScanner(limits)(fileWith(nestedUndefined(10)).data).depthExceeded);
}

TEST(DatasetScanner, ImplicitVrSequencesAreFoundThroughTheDictionary) {
    // Implicit VR: (0008,1140) is SQ only by the dictionary; defined lengths throughout.
    Bytes leaf;
    leaf.u16(0x0008).u16(0x1150).u32(6).text("1.2.3").u8(0);
    Bytes item;
    item.itemStart(static_cast<std::uint32_t>(leaf.data.size())).append(leaf);
    Bytes inner;
    inner.u16(0x0008).u16(0x1140).u32(static_cast<std::uint32_t>(item.data.size())).append(item);
    Bytes outerItem;
    outerItem.itemStart(static_cast<std::uint32_t>(inner.data.size())).append(inner);
    Bytes dataset;
    dataset.u16(0x0008).u16(0x0060).u32(2).text("OT");
    dataset.u16(0x0008).u16(0x1140).u32(static_cast<std::uint32_t>(outerItem.data.size()));
    dataset.append(outerItem);
    Bytes file = test::part10Header("1.2.840.10008.1.2");
    file.append(dataset);
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.maxDepth, 2);
}

TEST(DatasetScanner, BigEndianWithUnknownVrSequenceSwitchesToImplicitLittleEndian) {
    Bytes file = test::part10Header("1.2.840.10008.1.2.2");
    file.u16(0x0008, true).u16(0x0060, true).text("CS").u16(2, true).text("OT");
    // (0009,1000) UN, undefined length: content is implicit VR little endian (CP-246).
    file.u16(0x0009, true).u16(0x1000, true).text("UN").u16(0).u32(0xFFFFFFFF, true);
    file.itemStart();  // little endian from here on
    file.u16(0x0008).u16(0x1150).u32(6).text("1.2.3").u8(0);
    file.itemEnd().sequenceEnd();
    file.u16(0x0010, true).u16(0x0010, true).text("PN").u16(4, true).text("A^B ");
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.maxDepth, 1);
    EXPECT_EQ(r.topLevelElements, 3u);
}

TEST(DatasetScanner, ReportsAnElementLongerThanTheFile) {
    Bytes file = fileWith(Bytes{});
    file.u16(0x7FE0).u16(0x0010).text("OW").u16(0).u32(1000).u16(1).u16(2);
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_FALSE(r.complete);
    EXPECT_FALSE(r.depthExceeded);
    EXPECT_NE(r.problem.find("(7FE0,0010) claims 1000 bytes"), std::string::npos) << r.problem;
}

TEST(DatasetScanner, ReportsAMissingDelimiter) {
    Bytes file = fileWith(Bytes{});
    file.sequenceStart(0x0040, 0xA730).itemStart().shortElement(0x0040, 0xA010, "CS", "X");
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_FALSE(r.complete);
    EXPECT_NE(r.problem.find("missing delimiter"), std::string::npos) << r.problem;
}

TEST(DatasetScanner, WalksAnInflatedDeflatedDataset) {
    Bytes dataset;
    dataset.shortElement(0x0008, 0x0060, "CS", "OT").append(nestedUndefined(3));
    std::vector<std::uint8_t> deflated(compressBound(dataset.data.size()) + 64);
    z_stream zs{};
    ASSERT_EQ(deflateInit2(&zs, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY), Z_OK);
    zs.next_in = dataset.data.data();
    zs.avail_in = static_cast<uInt>(dataset.data.size());
    zs.next_out = deflated.data();
    zs.avail_out = static_cast<uInt>(deflated.size());
    ASSERT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
    deflated.resize(zs.total_out);
    deflateEnd(&zs);
    Bytes file = test::part10Header("1.2.840.10008.1.2.1.99");
    file.data.insert(file.data.end(), deflated.begin(), deflated.end());
    const DatasetScanResult r = DatasetScanner{}(file.data);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.maxDepth, 3);
    EXPECT_EQ(r.topLevelElements, 2u);
}

TEST(DatasetScanner, BareDatasetWithoutPreambleIsRecognised) {
    Bytes b;
    b.shortElement(0x0008, 0x0016, "UI", "1.2.840.10008.5.1.4.1.1.7");
    b.shortElement(0x0008, 0x0060, "CS", "OT");
    const DatasetScanResult r = DatasetScanner{}(b.data);
    EXPECT_FALSE(r.hasPreamble);
    EXPECT_FALSE(r.hasMetaHeader);
    EXPECT_TRUE(r.complete) << r.problem;
    EXPECT_EQ(r.topLevelElements, 2u);
}

TEST(DatasetScanner, ReaderRejectsHostileNestingQuicklyAndWithoutCrashing) {
    // 200000 levels: far beyond what DCMTK's recursive parser survives on a normal stack.
    test::TempDir dir;
    const auto path = dir / "deep.dcm";
    test::writeBytes(path, fileWith(nestedUndefined(200000)).data);
    const auto start = std::chrono::steady_clock::now();
    try {
        (void)DicomReader{}(path);
        FAIL() << "expected DicomError";
    } catch (const DicomError& e) {
        EXPECT_NE(std::string(e.what()).find("deep.dcm"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("nested deeper than 64"), std::string::npos)
            << e.what();
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 5.0);
}

}  // namespace
}  // namespace xrayprep::dicom
