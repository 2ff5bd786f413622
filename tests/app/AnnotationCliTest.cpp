// `run` on a radiograph with burned-in annotation arrows: report.json's contour notes say how
// many annotation pixels were painted over and left out of the mask, and the count is checked
// against the phantom's own arrow pixels (drawn at one exact value).
#include <gtest/gtest.h>

#include <cstdint>
#include <regex>
#include <string>

#include "dicom/DicomWriter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/TempDir.h"

using xrayprep::processing::Json;
using xrayprep::test_support::readJsonFile;
using xrayprep::test_support::runCliProcess;

TEST(AnnotationCli, TheReportCountsTheBurnedInArrowPixels) {
    xrayprep::test_support::TempDir dir;
    xrayprep::processing::PhantomParams params;
    params.model = xrayprep::processing::PhantomModel::Projection;
    params.width = 800;
    params.height = 1000;
    params.seed = 3;
    params.variation.annotationArrows = true;
    params.burnedInText = false;  // its glyphs are burned in too: only the arrows here
    const xrayprep::processing::Phantom ph = xrayprep::processing::FootPhantom{}(params);
    std::uint64_t arrow = 0;
    for (auto v : ph.arrowMask.pixels()) arrow += v != 0 ? 1 : 0;
    ASSERT_GT(arrow, 100u) << "the phantom must hold its arrows for this test to mean it";
    xrayprep::dicom::DicomWriter{}(ph.image, ph.metadata, dir / "arrows.dcm");
    const auto r = runCliProcess(
        {"run", (dir / "arrows.dcm").string(), "--out", (dir / "out").string(), "--report",
         (dir / "report.json").string(), "--backend", "serial", "--set", "esf.iterations=10"});
    ASSERT_NE(r.exitCode, 1) << r.output;
    const Json report = readJsonFile(dir / "report.json");
    const Json& e = report.at("inputs").at(0);
    ASSERT_TRUE(e.at("contour").contains("notes")) << "report.json's contour section has no notes";
    const Json& notes = e.at("contour").at("notes");
    std::string note;
    for (const Json& n : notes) {
        if (n.get<std::string>().find("burned-in annotation") != std::string::npos)
            note = n.get<std::string>();
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_search(note, m, std::regex(R"(^(\d+) px of burned-in annotation)")))
        << "notes: " << notes.dump();
    // Every arrow pixel but a rasterised fragment or two too short to be a stroke, nothing else.
    const auto painted = std::stoull(m[1].str());
    EXPECT_LE(painted, arrow);
    EXPECT_GE(static_cast<double>(painted), 0.98 * static_cast<double>(arrow));
}
