// `run --export seg`: seg.dcm, the bone mask as a DICOM Segmentation of the input. Its frame is
// the mask.png of the same run pixel for pixel (read from the packed bits by hand, and by
// pydicom when installed); it references the input's SOP Instance UID and joins its study;
// anonymised, it names the same new source instance as final.dcm; a built-in sample has no
// DICOM image to reference, so seg.dcm is left out with a warning.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "io/PngReader.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/support/SegReadBack.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::runCliProcess;

namespace {

using xrayprep::test_support::firstItem;
using xrayprep::test_support::sourceImageItem;

std::string text(DcmItem& item, const DcmTagKey& tag) {
    return xrayprep::test_support::tagText(item, tag);
}

// A phantom foot as a DICOM file (the CLI's `phantom`), with patient, study and SOP UIDs.
void makePhantom(const fs::path& dcm, int seed) {
    const auto r = runCliProcess(
        {"phantom", "--out", dcm.string(), "--size", "320x256", "--seed", std::to_string(seed)});
    ASSERT_EQ(r.exitCode, 0) << r.output;
}

// mask.png as '0'/'1' a pixel, row by row.
std::string maskBits(const fs::path& png, int& width, int& height) {
    const auto mask = xrayprep::io::readPng(png);
    width = mask.samples.width();
    height = mask.samples.height();
    std::string bits;
    for (const auto v : mask.samples.pixels()) bits.push_back(v != 0 ? '1' : '0');
    return bits;
}

// What seg.dcm says: the frame unpacked by hand (bit 0 of byte 0 is the first pixel) and the
// UIDs it references.
struct Seg {
    int rows = 0, columns = 0;
    std::string bits, sopClass, study, referencedInstance, seriesReferencedInstance;
};

Seg readSeg(const fs::path& file) {
    Seg s;
    DcmFileFormat f;
    EXPECT_TRUE(f.loadFile(file.c_str()).good()) << file;
    DcmDataset& ds = *f.getDataset();
    Uint16 rows = 0, columns = 0;
    ds.findAndGetUint16(DCM_Rows, rows);
    ds.findAndGetUint16(DCM_Columns, columns);
    s.rows = rows;
    s.columns = columns;
    s.bits = xrayprep::test_support::packedFrameBits(ds, std::size_t{rows} * columns);
    s.sopClass = text(ds, DCM_SOPClassUID);
    s.study = text(ds, DCM_StudyInstanceUID);
    DcmItem* source = sourceImageItem(ds);
    if (source) s.referencedInstance = text(*source, DCM_ReferencedSOPInstanceUID);
    DcmItem* series = firstItem(ds, DCM_ReferencedSeriesSequence);
    DcmItem* instance = series ? firstItem(*series, DCM_ReferencedInstanceSequence) : nullptr;
    if (instance) s.seriesReferencedInstance = text(*instance, DCM_ReferencedSOPInstanceUID);
    return s;
}

std::string uidOf(const fs::path& dicom, const DcmTagKey& tag) {
    DcmFileFormat f;
    EXPECT_TRUE(f.loadFile(dicom.c_str()).good()) << dicom;
    return text(*f.getDataset(), tag);
}

// pydicom's unpacking of the frame; nullopt without pydicom.
std::optional<std::string> pydicomFrame(const fs::path& file) {
    std::string failure;
    const auto read = xrayprep::test_support::readSegWithPydicom(file, &failure);
    EXPECT_EQ(failure, "");
    if (!read) return std::nullopt;
    return read->at("frame0").get<std::string>();
}

std::string readText(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// `run INPUT --export seg,mask.png` (plus `extra`) into `out`; the log.
std::string runSeg(const std::string& input, const fs::path& out,
                   const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"run",      input,
                                     "--out",    out.string(),
                                     "--set",    "median.size=5",
                                     "--set",    "esf.iterations=20",
                                     "--export", "seg,mask.png,report.json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = runCliProcess(args);
    EXPECT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
    return r.output;
}

// seg.dcm of `folder` against mask.png there, and the reference against the input file.
void expectSegIsTheMask(const fs::path& folder, const fs::path& input) {
    int width = 0, height = 0;
    const std::string mask = maskBits(folder / "mask.png", width, height);
    ASSERT_FALSE(mask.empty());
    const Seg seg = readSeg(folder / "seg.dcm");
    EXPECT_EQ(seg.sopClass, "1.2.840.10008.5.1.4.1.1.66.4");  // Segmentation Storage
    EXPECT_EQ(seg.rows, height);
    EXPECT_EQ(seg.columns, width);
    EXPECT_EQ(seg.bits, mask);
    EXPECT_NE(mask.find('1'), std::string::npos);  // a mask with bone in it
    EXPECT_EQ(seg.referencedInstance, uidOf(input, DCM_SOPInstanceUID));
    EXPECT_EQ(seg.seriesReferencedInstance, seg.referencedInstance);
    EXPECT_EQ(seg.study, uidOf(input, DCM_StudyInstanceUID));
    if (const auto frame = pydicomFrame(folder / "seg.dcm")) {
        EXPECT_EQ(*frame, mask);
    }
    const Json report = xrayprep::processing::parseJson(readText(folder / "report.json"));
    EXPECT_NE(report.at("outputs").dump().find("seg.dcm"), std::string::npos);
}

}  // namespace

TEST(SegExportCli, ThePhantomsSegIsItsMaskAndReferencesTheInput) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "foot.dcm";
    makePhantom(dcm, 5);
    runSeg(dcm.string(), dir / "out");
    expectSegIsTheMask(dir / "out" / "foot", dcm);
}

TEST(SegExportCli, ARealRadiographsSegIsItsMaskAndReferencesTheInput) {
    // A small computed radiograph of the corpus (440 x 440, explicit VR little endian).
    const fs::path source =
        fs::path(XRAYPREP_SHARED_DATA_DIR) / "dwv" / "gdcm-CR-MONO1-10-chest.dcm";
    if (!fs::exists(source)) GTEST_SKIP() << "no ../shared/data/dicom here";
    xrayprep::test_support::TempDir dir;
    runSeg(source.string(), dir / "out");
    expectSegIsTheMask(dir / "out" / "gdcm-CR-MONO1-10-chest", source);
}

TEST(SegExportCli, AnonymisedTheSegAndTheDerivedImageNameOneNewSourceInstance) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "foot.dcm";
    makePhantom(dcm, 7);
    const auto r = runCliProcess({"run", dcm.string(), "--out", (dir / "out").string(), "--set",
                                  "median.size=5", "--export", "seg,dicom", "--anonymize"});
    ASSERT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
    const fs::path folder = dir / "out" / "foot";
    const Seg seg = readSeg(folder / "seg.dcm");
    DcmFileFormat derived;
    ASSERT_TRUE(derived.loadFile((folder / "final.dcm").c_str()).good());
    DcmItem* source = firstItem(*derived.getDataset(), DCM_SourceImageSequence);
    ASSERT_NE(source, nullptr);
    const std::string original = uidOf(dcm, DCM_SOPInstanceUID);
    EXPECT_FALSE(seg.referencedInstance.empty());
    EXPECT_NE(seg.referencedInstance, original);
    EXPECT_EQ(seg.referencedInstance, text(*source, DCM_ReferencedSOPInstanceUID));
    EXPECT_EQ(seg.study, text(*derived.getDataset(), DCM_StudyInstanceUID));
    EXPECT_NE(seg.study, uidOf(dcm, DCM_StudyInstanceUID));
    // --anonymize with seg alone is accepted too (it applies to both DICOM exports).
    const auto alone = runCliProcess({"run", dcm.string(), "--out", (dir / "alone").string(),
                                      "--set", "median.size=5", "--export", "seg", "--anonymize"});
    EXPECT_TRUE(everyInputProcessed(alone.exitCode)) << alone.output;
}

TEST(SegExportCli, ASampleHasNoDicomImageToReferenceSoSegIsLeftOutWithAWarning) {
    xrayprep::test_support::TempDir dir;
    const std::string log = runSeg("sample:planar:320x256", dir / "out");
    const fs::path folder = dir / "out" / "sample-planar:320x256";
    EXPECT_TRUE(fs::exists(folder / "mask.png"));
    EXPECT_FALSE(fs::exists(folder / "seg.dcm"));
    EXPECT_NE(log.find("warning sample:planar:320x256: seg.dcm not written"), std::string::npos)
        << log;
    const Json report = xrayprep::processing::parseJson(readText(folder / "report.json"));
    EXPECT_EQ(report.at("outputs").dump().find("seg.dcm"), std::string::npos);
}
