// Notches the image's edge cuts open in the bone mask, on real films: a tibia that the top edge
// cuts shows its medullary canal as a notch open onto the edge, which the regions method judges
// as a hole of the bone (its outline off edges: the endosteal surface is a ramp); the soft
// tissue between a tibia and a thin fibula that meet below the cut is such a notch too, but
// bounded by the bones' outer surfaces, and stays out.
// - fl15 (826 x 557, a weight-bearing lateral): rows 5-100, columns 168-178 lie in the canal
//   (it was left open: 3 % of the box in the mask).
// - RG3 (1760 x 1760, an ankle AP): rows 100-700, columns 930-955 lie in the tissue between the
//   tibia and the fibula (8 mm wide there, below kEdgeGapFlankMm).
// Skip when ../shared is absent. The notch geometry itself is tested in
// tests/processing/contour/ComponentSelectionTest.cpp.
#include <gtest/gtest.h>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(EdgeNotchFilm, TheTibialCanalTheTopEdgeCutsIsFilled) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_fl15_lat_wb_flatfoot_82L.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask = xrayprep::test::runOnFilm(film, 826, 557).contour.mask;
    ASSERT_EQ(mask.width(), 826);
    EXPECT_GT(shareIn(mask, 168, 178, 5, 100), 0.95);
}

TEST(EdgeNotchFilm, TheTissueBetweenTibiaAndAThinFibulaStaysOut) {
    const fs::path film = xrayprep::test::sharedData("dicom/nema-wg04/RG3_RLE.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask =
        xrayprep::test::runOnFilm(film, 1760, 1760).contour.mask;
    ASSERT_EQ(mask.width(), 1760);
    EXPECT_LT(shareIn(mask, 930, 955, 100, 700), 0.05);
}
