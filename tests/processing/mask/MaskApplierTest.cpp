#include <gtest/gtest.h>

#include <random>

#include "processing/mask/MaskApplier.h"

using namespace xrayprep::processing;

TEST(MaskApplier, KeepsOriginalValuesBitForBitInsideAndZeroOutside) {
    std::mt19937 rng(3);
    Image img(57, 31, 16);
    Mask mask(57, 31);
    for (auto& v : img.pixels()) v = static_cast<std::uint16_t>(rng());
    for (auto& m : mask.pixels()) m = static_cast<std::uint8_t>(rng() % 2);
    for (int threads : {1, 2, 4}) {
        const Image out = MaskApplier{}(img, mask, ExecutionPolicy{threads});
        for (int y = 0; y < 31; ++y) {
            for (int x = 0; x < 57; ++x) {
                ASSERT_EQ(out.at(x, y), mask.at(x, y) ? img.at(x, y) : 0);
            }
        }
        EXPECT_EQ(out.bitsStored(), 16);
    }
}

TEST(MaskApplier, RejectsMismatchedSizes) {
    EXPECT_THROW((void)MaskApplier{}(Image(4, 4, 12), Mask(4, 5), ExecutionPolicy{}),
                 std::invalid_argument);
}
