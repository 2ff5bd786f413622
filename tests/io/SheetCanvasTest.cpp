// The contact sheet's drawing surface: box-filtered reduction.
#include "io/SheetCanvas.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace xrayprep::io {
namespace {

TEST(SheetCanvas, DownscaleAveragesBoxes) {
    processing::Image image(4, 2, 12);
    for (int x = 0; x < 4; ++x) image.at(x, 0) = static_cast<std::uint16_t>(x * 10);
    const auto small = downscale(image, 2, 1);
    EXPECT_FLOAT_EQ(small.at(0, 0), (0 + 10) / 4.0F);
    EXPECT_FLOAT_EQ(small.at(1, 0), (20 + 30) / 4.0F);
}

}  // namespace
}  // namespace xrayprep::io
