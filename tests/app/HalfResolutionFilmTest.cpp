// The half-resolution check (issue 11, point 2) on real films of ../shared/data/xray-foot: a
// weight-bearing lateral and a DP foot, read with DicomReader (no pixel spacing: the assumed
// field makes the pixel twice as large at half the resolution). The full-resolution mask
// reduced by 2 x 2 majority must match the mask of the 2 x 2 block means (Dice >= 0.95).
// Skips when the folder is absent. The phantoms are in
// tests/processing/pipeline/PipelineHalfResolutionTest.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "dicom/DicomReader.h"
#include "tests/support/HalfResolution.h"

namespace fs = std::filesystem;
using namespace xrayprep::test_support;

namespace {

const fs::path kFilms = fs::path(XRAYPREP_SHARED_DATA_DIR).parent_path() / "xray-foot";

class HalfResolutionFilm : public ::testing::TestWithParam<const char*> {};

}  // namespace

TEST_P(HalfResolutionFilm, TheMaskIsTheSameUpToResampling) {
    const fs::path file = kFilms / GetParam();
    if (!fs::exists(file)) GTEST_SKIP() << "no " << file.string() << " here";
    const xrayprep::dicom::LoadedImage film = xrayprep::dicom::DicomReader{}(file, {});
    const HalfResolutionComparison r = compareAtHalfResolution(film.image, film.metadata.spacing);
    const std::string line = r.describe(GetParam());
    std::printf("%s\n", line.c_str());
    RecordProperty("dice", std::to_string(r.dice));

    const double fullMm = film.metadata.spacing
                              ? film.metadata.spacing->x
                              : 300.0 / std::max(film.image.width() & ~1, film.image.height() & ~1);
    EXPECT_NEAR(r.half.mmPerPixel, 2.0 * fullMm, 1e-12);
    EXPECT_EQ(r.full.medianSize, expectedMedianWindow(fullMm));
    EXPECT_EQ(r.half.medianSize, expectedMedianWindow(2.0 * fullMm));
    EXPECT_EQ(r.full.workingFactor, expectedWorkingFactor(fullMm));
    EXPECT_EQ(r.half.workingFactor, expectedWorkingFactor(2.0 * fullMm));
    EXPECT_GT(r.full.maskPixels, 0u);
    EXPECT_GE(r.dice, 0.95) << line;
}

INSTANTIATE_TEST_SUITE_P(XrayFoot, HalfResolutionFilm,
                         ::testing::Values("dev_fl05_lat_wb_normal_28R.dcm",
                                           "dev_wm01_foot_dp_normal.dcm"),
                         [](const auto& info) {
                             return std::string(info.param).substr(0, 8);  // dev_fl05, dev_wm01
                         });
