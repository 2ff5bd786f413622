// A bright rim along a film's side, on a real film of ../shared/data/xray-foot: the mortise view
// wm05 has an edge-enhancement halo along its top edge (about 0.6 mm, brighter than the image
// inside it over air, tissue and bone). Read as it is, it closed off the soft tissue between
// tibia and fibula, which opens onto the top edge, and the whole gap was filled as a hole.
// The box below lies in that tissue (rows 100-600, columns 495-540 of the 775 x 1515 film, where
// the gap is 60-110 px wide); the tibia's shaft beside it stays in. Skips when the folder is
// absent. The rim finder itself is tested in tests/processing/contour/BorderRimsTest.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(BorderRimFilm, TheTissueBetweenTibiaAndFibulaStaysOutUnderATopEdgeHalo) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_wm05_ankle_mortise_normal.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::PipelineResult r = xrayprep::test::runOnFilm(film, 775, 1515);
    const xrayprep::processing::Mask& mask = r.contour.mask;
    ASSERT_EQ(mask.width(), 775);
    EXPECT_LT(shareIn(mask, 495, 540, 100, 600), 0.05);
    EXPECT_GT(shareIn(mask, 280, 400, 100, 600), 0.95);
    const auto& d = r.contour.discarded;
    EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const std::string& s) {
        return s.rfind("rim along the top edge", 0) == 0;
    }));
}
