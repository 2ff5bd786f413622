// A radiopaque clip in the soft tissue, on a real film of ../shared/data/xray-foot: beside the
// ankle of the weight-bearing lateral fl17 (612 x 388) a small ring or clip (columns 118-137,
// rows 120-135) lies some 25 mm behind the tibia. Its watershed piece holds the tissue ring
// around it and is dropped; its confident core alone is on edges, but a dropped piece's core is
// kept only within kRescueNearMm (10 mm) of the bones kept (a child's toes joined by their webs
// are; the clip is not). The tibia beside it stays. Skips when the folder is absent.
#include <gtest/gtest.h>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(ForeignObjectFilm, AClipInTheTissueFarFromTheBonesIsNoBone) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_fl17_lat_wb_flatfoot_129L.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask = xrayprep::test::runOnFilm(film, 612, 388).contour.mask;
    ASSERT_EQ(mask.width(), 612);
    EXPECT_EQ(shareIn(mask, 118, 138, 120, 136), 0.0);
    EXPECT_GT(shareIn(mask, 200, 230, 70, 120), 0.95);  // the distal tibia
}
