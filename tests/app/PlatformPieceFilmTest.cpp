// Pieces lying on a platform, on a real film of ../shared/data/xray-foot: under the heel of the
// weight-bearing lateral fl01 (663 x 451) the sole pressed on the platform's top shows as a thin
// bright strip along it (rows 398-406, columns 33-120) and another at the left edge (rows
// 396-410, columns 0-21): separate pieces wholly within soleMm of the platform, which no bone
// is (a heel pad lies under the calcaneus). They were kept as bone; the calcaneus above them
// stays. Skips when the folder is absent.
#include <gtest/gtest.h>

#include "FilmTestSupport.h"

namespace fs = std::filesystem;
using xrayprep::test::shareIn;

TEST(PlatformPieceFilm, TheSolesStripsOnThePlatformAreNoBone) {
    const fs::path film = xrayprep::test::sharedData("xray-foot/dev_fl01_lat_wb_normal_14L.dcm");
    if (!fs::exists(film)) GTEST_SKIP() << "no " << film.string() << " here";
    const xrayprep::processing::Mask mask = xrayprep::test::runOnFilm(film, 663, 451).contour.mask;
    ASSERT_EQ(mask.width(), 663);
    EXPECT_EQ(shareIn(mask, 33, 121, 398, 407), 0.0);
    EXPECT_EQ(shareIn(mask, 0, 22, 396, 411), 0.0);
    EXPECT_GT(shareIn(mask, 60, 120, 330, 380), 0.95);  // the calcaneus
}
