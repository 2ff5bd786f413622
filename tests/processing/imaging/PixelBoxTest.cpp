#include "processing/imaging/PixelBox.h"

#include <gtest/gtest.h>

namespace xrayprep::processing {
namespace {

TEST(PixelBox, BoundsWidensWithinTheImageAndCrops) {
    Mask m(20, 10, 0);
    EXPECT_TRUE(boundingBox(20, 10, [&](int x, int y) { return m.at(x, y) != 0; }).empty());
    m.at(3, 2) = 1;
    m.at(12, 7) = 1;
    const PixelBox box = boundingBox(20, 10, [&](int x, int y) { return m.at(x, y) != 0; });
    EXPECT_EQ(box.x0, 3);
    EXPECT_EQ(box.y0, 2);
    EXPECT_EQ(box.x1, 12);
    EXPECT_EQ(box.y1, 7);
    EXPECT_EQ(box.width(), 10);
    EXPECT_EQ(box.height(), 6);
    const PixelBox wide = box.widened(4, 20, 10);  // clipped at the top, left and bottom
    EXPECT_EQ(wide.x0, 0);
    EXPECT_EQ(wide.y0, 0);
    EXPECT_EQ(wide.x1, 16);
    EXPECT_EQ(wide.y1, 9);
    const Mask c = cropTo(m, box);
    ASSERT_EQ(c.width(), 10);
    ASSERT_EQ(c.height(), 6);
    EXPECT_EQ(c.at(0, 0), 1);
    EXPECT_EQ(c.at(9, 5), 1);
    EXPECT_EQ(c.at(5, 3), 0);
    EXPECT_TRUE(PixelBox{}.widened(3, 20, 10).empty());
}

}  // namespace
}  // namespace xrayprep::processing
