// The bone mask as a DICOM Segmentation: read back with DCMTK's dcmseg, from the raw packed
// bits, and with pydicom (an independent reader, tests/dicom/read_seg.py) -- the frame equals
// the mask pixel for pixel, the segment's label and codes, the references to the source, the
// study, and the de-identified form.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>

#include "DicomTestSupport.h"
#include "dicom/Deidentifier.h"
#include "dicom/DicomWriter.h"
#include "dicom/SegmentationWriter.h"
#include "processing/util/Json.h"
#include "tests/support/SegReadBack.h"

namespace xrayprep::dicom {
namespace {

namespace fs = std::filesystem;
using processing::ImageMetadata;
using processing::Mask;
using test::TempDir;
using test_support::firstItem;
using test_support::sourceImageItem;

std::string text(DcmItem& item, const DcmTagKey& tag) { return test_support::tagText(item, tag); }

std::string rawFrameBits(DcmDataset& ds, std::size_t pixels) {
    return test_support::packedFrameBits(ds, pixels);
}

constexpr const char* kSourceClass = "1.2.840.10008.5.1.4.1.1.1.1";  // DX for presentation
constexpr const char* kSourceInstance = "1.2.3.4.5.6";
constexpr const char* kSourceSeries = "1.2.3.4.5.7";
constexpr const char* kSourceStudy = "1.2.3.4.5.8";

// 37 x 23: rows whose bits do not end on a byte, so the packing's carry between rows counts.
Mask pattern() {
    Mask m(37, 23);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x)
            m.at(x, y) = ((x * 7 + y * 13) % 5 < 2 || x == y) ? (x % 3 == 0 ? 255 : 1) : 0;
    }
    return m;
}

ImageMetadata sourceMetadata() {
    ImageMetadata m;
    m.spacing = processing::PixelSpacing{0.2, 0.1, "PixelSpacing"};  // x (columns), y (rows)
    m.headerFields = {{"Modality", "DX"},
                      {"PatientName", "Doe^Jane"},
                      {"PatientID", "ID-42"},
                      {"PatientBirthDate", "19700101"},
                      {"PatientSex", "F"},
                      {"AccessionNumber", "ACC-777"},
                      {"StudyDate", "20240102"},
                      {"StudyTime", "101112"},
                      {"StudyDescription", "FOOT 2 VIEWS Doe"},
                      {"BodyPartExamined", "FOOT"},
                      {"SOPClassUID", kSourceClass},
                      {"SOPInstanceUID", kSourceInstance},
                      {"SeriesInstanceUID", kSourceSeries},
                      {"StudyInstanceUID", kSourceStudy}};
    return m;
}

// The mask as '0'/'1' a pixel, row by row: what every reader below must give back.
std::string bitsOf(const Mask& mask) {
    std::string bits;
    for (const auto v : mask.pixels()) bits.push_back(v != 0 ? '1' : '0');
    return bits;
}

std::string fileBytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// pydicom's reading; a failing script (not a missing pydicom) fails the test.
std::optional<processing::Json> readWithPydicom(const fs::path& file) {
    std::string failure;
    auto read = test_support::readSegWithPydicom(file, &failure);
    EXPECT_EQ(failure, "");
    return read;
}

TEST(SegmentationWriter, TheFrameIsTheMaskBitForBitWithTheBoneSegmentAndTheSourceReferenced) {
    TempDir dir;
    const Mask mask = pattern();
    const fs::path file = dir / "seg.dcm";
    SegmentationWriteOptions options;
    options.derivationDescription = "xrayprep bone mask: median 5";
    SegmentationWriter{options}(mask, sourceMetadata(), file);

    // DCMTK's segmentation reader.
    DcmSegmentation* loaded = nullptr;
    ASSERT_TRUE(DcmSegmentation::loadFile(file.c_str(), loaded).good());
    std::unique_ptr<DcmSegmentation> seg(loaded);
    EXPECT_EQ(seg->getSegmentationType(), DcmSegTypes::ST_BINARY);
    ASSERT_EQ(seg->getNumberOfFrames(), 1u);
    ASSERT_EQ(seg->getNumberOfSegments(), 1u);
    const DcmIODTypes::Frame* frame = seg->getFrame(0);
    ASSERT_NE(frame, nullptr);
    std::string dcmsegBits;
    for (std::size_t i = 0; i < mask.pixels().size() && i / 8 < frame->length; ++i)
        dcmsegBits.push_back((frame->pixData[i / 8] >> (i % 8)) & 1 ? '1' : '0');
    EXPECT_EQ(dcmsegBits, bitsOf(mask));
    DcmSegment* segment = seg->getSegment(1);
    ASSERT_NE(segment, nullptr);
    OFString value;
    segment->getSegmentLabel(value);
    EXPECT_EQ(std::string(value.c_str()), "Bone");
    segment->getSegmentedPropertyCategoryCode().getCodeValue(value);
    EXPECT_EQ(std::string(value.c_str()), "85756007");
    segment->getSegmentedPropertyCategoryCode().getCodingSchemeDesignator(value);
    EXPECT_EQ(std::string(value.c_str()), "SCT");
    segment->getSegmentedPropertyTypeCode().getCodeValue(value);
    EXPECT_EQ(std::string(value.c_str()), "3138006");
    segment->getSegmentedPropertyTypeCode().getCodeMeaning(value);
    EXPECT_EQ(std::string(value.c_str()), "Bone");
    EXPECT_EQ(segment->getSegmentAlgorithmType(), DcmSegTypes::SAT_AUTOMATIC);
    segment->getSegmentAlgorithmName(value);
    EXPECT_EQ(std::string(value.c_str()), "xrayprep " XRAYPREP_VERSION);

    // The dataset itself: the bits by hand, references, study, spacing.
    DcmFileFormat file10;
    ASSERT_TRUE(file10.loadFile(file.c_str()).good());
    DcmDataset& ds = *file10.getDataset();
    Uint16 rows = 0, columns = 0, bitsAllocated = 0;
    ds.findAndGetUint16(DCM_Rows, rows);
    ds.findAndGetUint16(DCM_Columns, columns);
    ds.findAndGetUint16(DCM_BitsAllocated, bitsAllocated);
    EXPECT_EQ(rows, 23);
    EXPECT_EQ(columns, 37);
    EXPECT_EQ(bitsAllocated, 1);
    EXPECT_EQ(rawFrameBits(ds, mask.pixels().size()), bitsOf(mask));
    EXPECT_EQ(text(ds, DCM_SOPClassUID), UID_SegmentationStorage);
    EXPECT_EQ(text(ds, DCM_Modality), "SEG");
    EXPECT_EQ(text(ds, DCM_StudyInstanceUID), kSourceStudy);
    EXPECT_NE(text(ds, DCM_SeriesInstanceUID), kSourceSeries);
    EXPECT_NE(text(ds, DCM_SOPInstanceUID), kSourceInstance);
    EXPECT_EQ(text(ds, DCM_PatientName), "Doe^Jane");
    EXPECT_EQ(text(ds, DCM_PatientID), "ID-42");
    EXPECT_EQ(text(ds, DCM_AccessionNumber), "ACC-777");
    EXPECT_EQ(text(ds, DCM_BodyPartExamined), "FOOT");
    EXPECT_EQ(text(ds, DCM_SeriesDescription), "xrayprep bone mask");
    DcmItem* source = sourceImageItem(ds);
    ASSERT_NE(source, nullptr);
    EXPECT_EQ(text(*source, DCM_ReferencedSOPClassUID), kSourceClass);
    EXPECT_EQ(text(*source, DCM_ReferencedSOPInstanceUID), kSourceInstance);
    EXPECT_FALSE(source->tagExists(DCM_ReferencedFrameNumber));  // a single-frame source
    DcmItem* series = firstItem(ds, DCM_ReferencedSeriesSequence);
    ASSERT_NE(series, nullptr);
    EXPECT_EQ(text(*series, DCM_SeriesInstanceUID), kSourceSeries);
    DcmItem* instance = firstItem(*series, DCM_ReferencedInstanceSequence);
    ASSERT_NE(instance, nullptr);
    EXPECT_EQ(text(*instance, DCM_ReferencedSOPInstanceUID), kSourceInstance);
    DcmItem* shared = firstItem(ds, DCM_SharedFunctionalGroupsSequence);
    DcmItem* measures = shared ? firstItem(*shared, DCM_PixelMeasuresSequence) : nullptr;
    ASSERT_NE(measures, nullptr);
    EXPECT_EQ(text(*measures, DCM_PixelSpacing), "0.1\\0.2");  // row spacing first
}

TEST(SegmentationWriter, PydicomReadsTheSameFrameSegmentAndReferences) {
    TempDir dir;
    const Mask mask = pattern();
    const fs::path file = dir / "seg.dcm";
    SegmentationWriter{}(mask, sourceMetadata(), file);
    const auto read = readWithPydicom(file);
    if (!read) GTEST_SKIP() << "pydicom or NumPy is not installed (python3-pydicom, python3-numpy)";
    const processing::Json& j = *read;
    EXPECT_EQ(j.at("sopClassUid").get<std::string>(), UID_SegmentationStorage);
    EXPECT_EQ(j.at("rows").get<int>(), 23);
    EXPECT_EQ(j.at("columns").get<int>(), 37);
    EXPECT_EQ(j.at("frames").get<int>(), 1);
    EXPECT_EQ(j.at("bitsAllocated").get<int>(), 1);
    EXPECT_EQ(j.at("segmentationType").get<std::string>(), "BINARY");
    EXPECT_EQ(j.at("frame0").get<std::string>(), bitsOf(mask));
    EXPECT_EQ(j.at("segmentLabel").get<std::string>(), "Bone");
    EXPECT_EQ(j.at("referencedSegment").get<int>(), j.at("segmentNumber").get<int>());
    EXPECT_EQ(j.at("algorithmType").get<std::string>(), "AUTOMATIC");
    EXPECT_EQ(j.at("category"), processing::Json::parse(R"(["85756007", "SCT"])"));
    EXPECT_EQ(j.at("type"), processing::Json::parse(R"(["3138006", "SCT"])"));
    EXPECT_EQ(j.at("sourceSopClassUid").get<std::string>(), kSourceClass);
    EXPECT_EQ(j.at("sourceSopInstanceUid").get<std::string>(), kSourceInstance);
    EXPECT_EQ(j.at("referencedSeriesUid").get<std::string>(), kSourceSeries);
    EXPECT_EQ(j.at("referencedInstanceUid").get<std::string>(), kSourceInstance);
    EXPECT_EQ(j.at("studyInstanceUid").get<std::string>(), kSourceStudy);
    EXPECT_EQ(j.at("pixelSpacing"), processing::Json::parse("[0.1, 0.2]"));
}

TEST(SegmentationWriter, AnonymisedItReferencesTheSourceByTheSameNewUidsAsTheDerivedImage) {
    TempDir dir;
    const ImageMetadata meta = sourceMetadata();
    UidMapper uids;
    SegmentationWriteOptions options;
    options.anonymize = true;
    options.uidMapper = &uids;
    SegmentationWriter{options}(pattern(), meta, dir / "seg.dcm");
    DicomWriteOptions derivedOptions;
    derivedOptions.anonymize = true;
    derivedOptions.uidMapper = &uids;
    processing::Image image(37, 23, 12);
    DicomWriter{derivedOptions}(image, meta, dir / "final.dcm");

    // No source UID or patient datum anywhere in the file's bytes.
    const std::string bytes = fileBytes(dir / "seg.dcm");
    for (const char* secret : {kSourceInstance, kSourceSeries, kSourceStudy, "Doe^Jane", "ID-42",
                               "ACC-777", "19700101", "FOOT 2 VIEWS"}) {
        EXPECT_EQ(bytes.find(secret), std::string::npos) << secret;
    }
    DcmFileFormat seg, derived;
    ASSERT_TRUE(seg.loadFile((dir / "seg.dcm").c_str()).good());
    ASSERT_TRUE(derived.loadFile((dir / "final.dcm").c_str()).good());
    DcmDataset& ds = *seg.getDataset();
    EXPECT_EQ(text(ds, DCM_PatientName), "ANONYMOUS");
    EXPECT_EQ(text(ds, DCM_PatientIdentityRemoved), "YES");
    EXPECT_FALSE(text(ds, DCM_DeviceSerialNumber).empty());  // type 1 in the SEG's equipment
    // One new study, one new source instance: the same in both files.
    EXPECT_EQ(text(ds, DCM_StudyInstanceUID), text(*derived.getDataset(), DCM_StudyInstanceUID));
    DcmItem* source = sourceImageItem(ds);
    DcmItem* derivedSource = firstItem(*derived.getDataset(), DCM_SourceImageSequence);
    ASSERT_NE(source, nullptr);
    ASSERT_NE(derivedSource, nullptr);
    const std::string mapped = text(*source, DCM_ReferencedSOPInstanceUID);
    EXPECT_EQ(mapped, uids.map(kSourceInstance));
    EXPECT_EQ(mapped, text(*derivedSource, DCM_ReferencedSOPInstanceUID));
    DcmItem* series = firstItem(ds, DCM_ReferencedSeriesSequence);
    ASSERT_NE(series, nullptr);
    EXPECT_EQ(text(*series, DCM_SeriesInstanceUID), uids.map(kSourceSeries));
    DcmItem* instance = firstItem(*series, DCM_ReferencedInstanceSequence);
    ASSERT_NE(instance, nullptr);
    EXPECT_EQ(text(*instance, DCM_ReferencedSOPInstanceUID), mapped);
    // Still a Segmentation DCMTK reads, with the frame intact.
    DcmSegmentation* loaded = nullptr;
    ASSERT_TRUE(DcmSegmentation::loadFile((dir / "seg.dcm").c_str(), loaded).good());
    std::unique_ptr<DcmSegmentation> owned(loaded);
    EXPECT_EQ(rawFrameBits(ds, pattern().pixels().size()), bitsOf(pattern()));
}

TEST(SegmentationWriter, AFrameOfAMultiFrameSourceIsNamedAndDetectorSpacingIsLeftOut) {
    TempDir dir;
    ImageMetadata meta = sourceMetadata();
    meta.frameCount = 5;
    meta.frameIndex = 3;
    meta.spacing = processing::PixelSpacing{0.15, 0.15, "ImagerPixelSpacing"};
    SegmentationWriter{}(pattern(), meta, dir / "seg.dcm");
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile((dir / "seg.dcm").c_str()).good());
    DcmItem* source = sourceImageItem(*file.getDataset());
    ASSERT_NE(source, nullptr);
    EXPECT_EQ(text(*source, DCM_ReferencedFrameNumber), "4");
    DcmItem* shared = firstItem(*file.getDataset(), DCM_SharedFunctionalGroupsSequence);
    EXPECT_TRUE(shared == nullptr || firstItem(*shared, DCM_PixelMeasuresSequence) == nullptr);
}

TEST(SegmentationWriter, SourceValuesDcmtkWouldRefuseAreCopiedAsTheyAre) {
    // A real file (KarstenHilbertRF.dcm) has PatientSex "?": DCMTK's checks refused it and the
    // export failed with "Value Representation violated".
    TempDir dir;
    ImageMetadata meta = sourceMetadata();
    std::vector<std::pair<std::string, std::string>> fields;
    for (const auto& [name, value] : meta.headerFields) {
        const bool sex = name == "PatientSex", part = name == "BodyPartExamined";
        fields.emplace_back(name, sex    ? std::string("?")
                                  : part ? std::string("Foot, left")
                                         : value);
    }
    meta.headerFields = fields;
    SegmentationWriter{}(pattern(), meta, dir / "seg.dcm");
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile((dir / "seg.dcm").c_str()).good());
    EXPECT_EQ(text(*file.getDataset(), DCM_PatientSex), "?");
    EXPECT_EQ(text(*file.getDataset(), DCM_BodyPartExamined), "Foot, left");
}

TEST(SegmentationWriter, ASourceWithoutDicomIdentityOrAnInputAsTargetFailsNamingTheFile) {
    TempDir dir;
    ImageMetadata sample;  // a built-in sample: no header fields
    EXPECT_FALSE(SegmentationWriter::canReference(sample));
    EXPECT_TRUE(SegmentationWriter::canReference(sourceMetadata()));
    const fs::path file = dir / "seg.dcm";
    try {
        SegmentationWriter{}(pattern(), sample, file);
        FAIL() << "written without a source to reference";
    } catch (const DicomError& e) {
        EXPECT_EQ(e.file(), file);
        EXPECT_NE(std::string(e.what()).find("not a DICOM image"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(file));

    const fs::path input = dir / "input.dcm";
    std::ofstream(input) << "the input";
    SegmentationWriteOptions options;
    options.protectedPaths = {input};
    EXPECT_THROW(SegmentationWriter{options}(pattern(), sourceMetadata(), input), DicomError);
    EXPECT_EQ(fileBytes(input), "the input");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"input.dcm"});  // no temporary left
}

}  // namespace
}  // namespace xrayprep::dicom
