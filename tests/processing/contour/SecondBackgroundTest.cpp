#include "processing/contour/SecondBackground.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "processing/contour/AnatomyFinder.h"

namespace xrayprep::processing {
namespace {

// 200 x 100 cells; the frame is the outer 4; the image's spread is 1000.
struct Field {
    static constexpr int kW = 200, kH = 100;
    FloatImage image{kW, kH, 0.0f};
    Mask candidate{kW, kH}, seeds{kW, kH}, frame{kW, kH};
    Field() {
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < kW; ++x) {
                frame.at(x, y) = x < 4 || y < 4 || x >= kW - 4 || y >= kH - 4 ? 1 : 0;
            }
        }
    }
    // A candidate rectangle with values from `low` rising by `step` per column.
    void add(int x0, int y0, int x1, int y1, float low, float step) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                candidate.at(x, y) = 1;
                image.at(x, y) = low + step * static_cast<float>(x - x0);
            }
        }
    }
    [[nodiscard]] int found() const {
        const Mask m = secondBackgroundSeeds(image, candidate, seeds, frame, 1000.0f,
                                             SecondBackgroundSettings{}, ExecutionPolicy{2});
        int n = 0;
        for (auto v : m.pixels()) n += v;
        return n;
    }
};

TEST(SecondBackground, ALargeUniformFieldAtTheFrameThatTheFloodMissesSeedsIt) {
    Field f;
    f.add(0, 0, 30, 100, 300.0f, 0.5f);  // 3000 cells (15 %), values 300-314.5: uniform
    EXPECT_EQ(f.found(), 30 * 100);
}

TEST(SecondBackground, ARampSmallPiecesReachedOnesAndInnerOnesDoNotSeed) {
    Field ramp;
    ramp.add(0, 0, 30, 100, 300.0f, 5.0f);  // values 300-445: a ramp of 15 % (thin tissue)
    EXPECT_EQ(ramp.found(), 0);
    Field small;
    small.add(0, 0, 10, 15, 300.0f, 0.0f);  // 150 cells, under 1 % of the image
    EXPECT_EQ(small.found(), 0);
    Field reached;
    reached.add(0, 0, 30, 100, 300.0f, 0.0f);
    reached.seeds.at(20, 50) = 1;  // the flood reaches it already
    EXPECT_EQ(reached.found(), 0);
    Field inner;
    inner.add(50, 20, 90, 80, 300.0f, 0.0f);  // uniform and large, but apart from the frame
    EXPECT_EQ(inner.found(), 0);
}

// A leg that runs from the top to the bottom of the image parts a grey second background on
// its left (darker than the tissue, brighter than the air, uniform) from the air on its right,
// as on a weight-bearing lateral with a filtered margin: the grey field is not anatomy.
TEST(SecondBackground, AnatomyFinderLeavesOutAGreySecondBackgroundBesideALeg) {
    constexpr int w = 400, h = 200;
    FloatImage img(w, h);
    std::mt19937 rng(3);
    std::normal_distribution<float> noise(0.0f, 4.0f);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            // The leg's back is curved (a calf): no straight band along the side.
            const int skin = 50 + static_cast<int>(std::lround(15.0 * std::sin(y / 25.0)));
            float v = 200.0f;                       // air
            if (x < skin) v = 420.0f;               // the grey field
            if (x >= skin && x < 180) v = 1300.0f;  // the leg's soft tissue
            if (x >= 120 && x < 160) v = 2300.0f;   // its bone
            img.at(x, y) = v + noise(rng);
        }
    }
    const AnatomyFound found =
        AnatomyFinder{}(img, 4095, AnatomyFinderSettings{}, ExecutionPolicy::serial());
    auto fraction = [&](int x0, int x1) {
        int n = 0, total = 0;
        for (int y = 0; y < h; ++y) {
            for (int x = x0; x < x1; ++x) {
                ++total;
                n += found.anatomy.at(x, y);
            }
        }
        return static_cast<double>(n) / total;
    };
    // The grey field where a side band (straight, uniform along its length) does not reach:
    // between the band and the calf's curve.
    int grey = 0, greyAnatomy = 0;
    for (int y = 0; y < h; ++y) {
        const int skin = 50 + static_cast<int>(std::lround(15.0 * std::sin(y / 25.0)));
        for (int x = 42; x < skin - 6; ++x) {
            ++grey;
            greyAnatomy += found.anatomy.at(x, y);
        }
    }
    ASSERT_GT(grey, 400);
    EXPECT_EQ(greyAnatomy, 0);
    EXPECT_EQ(fraction(75, 170), 1.0);   // the leg
    EXPECT_EQ(fraction(190, 395), 0.0);  // the air
}

}  // namespace
}  // namespace xrayprep::processing
