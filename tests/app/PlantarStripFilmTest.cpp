// Plantar tissue that stands above the edge level, on a real film of ../shared/data/xray-foot:
// under the cuboid of the weight-bearing lateral fl16 (748 x 502) a band of thick plantar tissue
// (a tendon's course, rows 388-406) is brighter than the edge level there, so it was confident
// bone, and confident bone stopped the plantar tissue's rays from the sole: the tissue between
// the band and the cuboid (rows 382-386 at columns 240-257) never saw the sole and was kept. No
// bone edge lies on the band's outline: a confident piece with none within two working pixels is
// no wall for those rays (BoneRegionsMethod, step 5), so that tissue is plantar tissue now. The
// band itself stays (bright, the watershed's ties give it back to the bone); the cuboid above it
// and the 5th metatarsal's base beside it stay. Skips when the folder is absent.
#include <gtest/gtest.h>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(PlantarStripFilm, ConfidentTissueWithNoEdgeUnderTheCuboidIsNoBone) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_fl16_lat_wb_flatfoot_94L.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask = xrayprep::test::runOnFilm(film, 748, 502).contour.mask;
    ASSERT_EQ(mask.width(), 748);
    EXPECT_LT(shareIn(mask, 240, 258, 382, 387), 0.05);  // above the band (1.0 before)
    EXPECT_GT(shareIn(mask, 230, 270, 345, 368), 0.9);   // the cuboid above it
    EXPECT_GT(shareIn(mask, 280, 320, 395, 405), 0.95);  // the 5th metatarsal's base
}
