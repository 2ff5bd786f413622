// `run` writes, per input, the scale the parameters in mm were converted with and the pixel
// values the run used ("scale" and "effective"), in report.json and in the per-input export
// report; the expected numbers are worked out by hand from the parameter defaults (median
// 2 mm, working grid 0.5 mm, smallest piece 8 mm^2, straight-edge tolerance 1.5 px or 0.3 mm,
// 300 mm assumed field).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dicom/DicomWriter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::readJsonFile;
using xrayprep::test_support::runCliProcess;

namespace {

struct ExpectedSizes {
    double mmPerPixel = 0.0;
    std::string source;
    int medianSize = 0;
    int workingFactor = 0;
    double workingMm = 0.0;
    double minArea = 0.0;
    double straightTolerance = 0.0;
};

double number(const Json& object, const std::string& key) {
    if (!object.contains(key) || !object.at(key).is_number()) {
        throw std::runtime_error("no number " + key);
    }
    return object.at(key).get<double>();
}

// Checks the "scale" and "effective" members of a report object (a run report's input entry
// or an export report).
void expectSizes(const Json& report, const ExpectedSizes& want, const std::string& where) {
    SCOPED_TRACE(where);
    ASSERT_TRUE(report.contains("scale") && report.at("scale").is_object());
    const Json& scale = report.at("scale");
    EXPECT_NEAR(number(scale, "mmPerPixel"), want.mmPerPixel, 1e-12);
    EXPECT_EQ(scale.at("source").get<std::string>(), want.source);
    ASSERT_TRUE(report.contains("effective") && report.at("effective").is_object());
    const Json& e = report.at("effective");
    EXPECT_EQ(number(e, "median.size"), want.medianSize);
    EXPECT_EQ(number(e, "contour.workingFactor"), want.workingFactor);
    EXPECT_NEAR(number(e, "contour.workingMm"), want.workingMm, 1e-9);
    EXPECT_NEAR(number(e, "contour.minArea"), want.minArea, 1e-6);
    ASSERT_TRUE(e.contains("quality.straightTolerance") &&
                e.at("quality.straightTolerance").is_object());
    const Json& tolerance = e.at("quality.straightTolerance");
    EXPECT_NEAR(number(tolerance, "x"), want.straightTolerance, 1e-9);
    EXPECT_NEAR(number(tolerance, "y"), want.straightTolerance, 1e-9);
}

class EffectiveSizesCli : public ::testing::Test {
  protected:
    // Runs one input with the report and the export report; returns (run entry, export report).
    std::pair<Json, Json> run(const std::string& input, const std::string& folder,
                              const std::vector<std::string>& extra = {}) {
        std::vector<std::string> args = {"run",      input,
                                         "--out",    (dir_ / "out").string(),
                                         "--report", (dir_ / "report.json").string(),
                                         "--export", "report.json",
                                         "--set",    "esf.iterations=5"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = runCliProcess(args);
        EXPECT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
        const Json report = readJsonFile(dir_ / "report.json");
        return {report.at("inputs").at(0), readJsonFile(dir_ / "out" / folder / "report.json")};
    }
    xrayprep::test_support::TempDir dir_;
};

}  // namespace

TEST_F(EffectiveSizesCli, TheSampleUsesItsPixelSpacing) {
    // sample:planar is 2920 x 2320 at 0.15 mm: median 2 / 0.15 = 13.3 -> 13 px (nearest odd);
    // working grid round(0.5 / 0.15 = 3.33) = 3 px per cell = 0.45 mm; smallest piece
    // 8 / 0.15^2 = 355.6 px^2; straight edges max(1.5 px, 0.3 / 0.15 = 2 px) = 2 px.
    const ExpectedSizes want{0.15, "pixel spacing", 13, 3, 0.45, 8.0 / 0.0225, 2.0};
    const auto [entry, exported] = run("sample:planar", "sample-planar");
    expectSizes(entry, want, "run report");
    expectSizes(exported, want, "export report");
}

TEST_F(EffectiveSizesCli, WithoutSpacingTheFieldFollowsTheImageSize) {
    // The sample drawn at 1000 x 750 and stored without a pixel spacing: 300 mm / 1000 px =
    // 0.3 mm per pixel; median 2 / 0.3 = 6.7 -> 7 px; grid round(0.5 / 0.3 = 1.67) = 2 px =
    // 0.6 mm; smallest piece 8 / 0.09 = 88.9 px^2; straight edges 1.5 px (only a real
    // spacing converts the 0.3 mm).
    xrayprep::processing::PhantomParams params;
    params.width = 1000;
    params.height = 750;
    xrayprep::processing::Phantom phantom = xrayprep::processing::FootPhantom{}(params);
    phantom.metadata.spacing.reset();
    const fs::path file = dir_ / "nospacing.dcm";
    xrayprep::dicom::DicomWriter{}(phantom.image, phantom.metadata, file);

    const ExpectedSizes want{0.3, "assumed field of 300 mm", 7, 2, 0.6, 8.0 / 0.09, 1.5};
    const auto [entry, exported] = run(file.string(), "nospacing");
    EXPECT_TRUE(entry.at("image").at("spacing").is_null());
    expectSizes(entry, want, "run report");
    expectSizes(exported, want, "export report");

    // Another assumed field, and an explicit window: 450 mm / 1000 px = 0.45 mm; the median
    // is the 9 px asked for; grid round(0.5 / 0.45 = 1.11) = 1 px = 0.45 mm; smallest piece
    // 8 / 0.2025 = 39.5 px^2.
    const ExpectedSizes wide{0.45, "assumed field of 450 mm", 9, 1, 0.45, 8.0 / 0.2025, 1.5};
    const auto [entry2, exported2] =
        run(file.string(), "nospacing",
            {"--set", "scale.assumedFieldMm=450", "--set", "median.size=9"});
    expectSizes(entry2, wide, "run report, 450 mm field");
    expectSizes(exported2, wide, "export report, 450 mm field");
}
