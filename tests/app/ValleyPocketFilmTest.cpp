// A valley between two bones that opens onto the skin through the watershed's tissue is never
// bridged by the final closing (the webs between a child's rays), unless it is only the mouth of a
// pocket the closing would close, on a real film: on the weight-bearing lateral fl10 (770 x 428)
// the dim interior of the fifth metatarsal's base (rows 336-343, columns 338-347) opens onto the
// plantar tissue through such a valley; left open, the base had a notch of about 200 pixels cut
// into it. Its mouth is bridged and the pocket filled as a hole, as before. Skips when
// ../shared is absent.
#include <gtest/gtest.h>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(ValleyPocketFilm, APocketInTheFifthMetatarsalBaseIsFilled) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_fl10_lat_wb_normal_71L.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask = xrayprep::test::runOnFilm(film, 770, 428).contour.mask;
    ASSERT_EQ(mask.width(), 770);
    EXPECT_GT(shareIn(mask, 338, 348, 336, 344), 0.95);
    EXPECT_GT(shareIn(mask, 360, 430, 340, 358), 0.95);  // the base beside it
}
