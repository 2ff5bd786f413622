#include "processing/contour/PolygonFiller.h"

#include <gtest/gtest.h>

#include <random>

namespace xrayprep::processing {
namespace {

// Brute force: for every pixel centre, the crossings of the ray towards +x with every edge
// (half-open in y), counted with direction.
Mask pointInPolygon(const std::vector<Contour>& contours, int w, int h, FillRule rule) {
    Mask m(w, h, 0);
    for (int py = 0; py < h; ++py) {
        for (int px = 0; px < w; ++px) {
            int winding = 0, crossings = 0;
            for (const Contour& c : contours) {
                const std::size_t n = c.points.size();
                for (std::size_t i = 0; i < n; ++i) {
                    const double x0 = c.points[i].x, y0 = c.points[i].y;
                    const double x1 = c.points[(i + 1) % n].x, y1 = c.points[(i + 1) % n].y;
                    const bool covers = (y0 <= py && py < y1) || (y1 <= py && py < y0);
                    if (!covers) continue;
                    const double x = x0 + (py - y0) * (x1 - x0) / (y1 - y0);
                    if (x > px) {
                        winding += y1 > y0 ? 1 : -1;
                        ++crossings;
                    }
                }
            }
            m.at(px, py) = rule == FillRule::NonZero ? winding != 0 : crossings % 2 == 1;
        }
    }
    return m;
}

Contour randomPolygon(std::mt19937& rng, int w, int h) {
    std::uniform_int_distribution<int> count(3, 12);
    std::uniform_real_distribution<float> x(-5.0f, w + 5.0f), y(-5.0f, h + 5.0f);
    Contour c;
    const int n = count(rng);
    for (int i = 0; i < n; ++i) c.points.push_back({x(rng), y(rng)});
    return c;
}

TEST(PolygonFiller, MatchesPointInPolygonOnRandomPolygons) {
    std::mt19937 rng(42);
    const int w = 37, h = 29;
    for (int trial = 0; trial < 60; ++trial) {
        std::vector<Contour> contours;
        const int polygons = 1 + trial % 3;
        for (int i = 0; i < polygons; ++i) contours.push_back(randomPolygon(rng, w, h));
        for (const FillRule rule : {FillRule::NonZero, FillRule::EvenOdd}) {
            const Mask expected = pointInPolygon(contours, w, h, rule);
            EXPECT_EQ(PolygonFiller{}(contours, w, h, rule, ExecutionPolicy{1}), expected)
                << "trial " << trial;
            EXPECT_EQ(PolygonFiller{}(contours, w, h, rule, ExecutionPolicy{3}), expected)
                << "trial " << trial;
        }
    }
}

TEST(PolygonFiller, RectangleCoversThePixelCentresInside) {
    const Contour clockwise{{{0.5f, 0.5f}, {3.5f, 0.5f}, {3.5f, 2.5f}, {0.5f, 2.5f}}};
    Contour counter = clockwise;
    std::reverse(counter.points.begin(), counter.points.end());
    Mask expected(6, 4, 0);
    for (int y = 1; y <= 2; ++y) {
        for (int x = 1; x <= 3; ++x) expected.at(x, y) = 1;
    }
    EXPECT_EQ(PolygonFiller{}({clockwise}, 6, 4, FillRule::NonZero, ExecutionPolicy{1}), expected);
    EXPECT_EQ(PolygonFiller{}({counter}, 6, 4, FillRule::NonZero, ExecutionPolicy{1}), expected);
}

TEST(PolygonFiller, NonZeroUnitesOverlapsAndEvenOddCutsThem) {
    const Contour a{{{0.5f, 0.5f}, {4.5f, 0.5f}, {4.5f, 4.5f}, {0.5f, 4.5f}}};
    const Contour b{{{2.5f, 2.5f}, {6.5f, 2.5f}, {6.5f, 6.5f}, {2.5f, 6.5f}}};
    const Mask u = PolygonFiller{}({a, b}, 8, 8, FillRule::NonZero, ExecutionPolicy{1});
    const Mask x = PolygonFiller{}({a, b}, 8, 8, FillRule::EvenOdd, ExecutionPolicy{1});
    EXPECT_EQ(u.at(3, 3), 1);
    EXPECT_EQ(x.at(3, 3), 0);
    EXPECT_EQ(u.at(1, 1), 1);
    EXPECT_EQ(x.at(6, 6), 1);
}

TEST(PolygonFiller, DegenerateInputsGiveEmptyMasks) {
    const Contour line{{{0.0f, 0.0f}, {5.0f, 5.0f}}};
    const Contour huge{{{-1e30f, -1e30f}, {1e30f, -1e30f}, {1e30f, 1e30f}}};
    EXPECT_EQ(PolygonFiller{}({line}, 6, 6, FillRule::NonZero, ExecutionPolicy{1}), Mask(6, 6, 0));
    EXPECT_TRUE(PolygonFiller{}({huge}, 0, 0, FillRule::NonZero, ExecutionPolicy{1}).empty());
    const Mask big = PolygonFiller{}({huge}, 6, 6, FillRule::NonZero, ExecutionPolicy{1});
    EXPECT_EQ(big.width(), 6);  // a huge triangle covers part of the image without overflow
}

}  // namespace
}  // namespace xrayprep::processing
