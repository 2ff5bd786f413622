#include "processing/contour/ContourTracer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "ContourTestUtil.h"
#include "processing/contour/ContourGeometry.h"
#include "processing/contour/PolygonFiller.h"

namespace xrayprep::processing {
namespace {

Mask fill(const std::vector<Contour>& c, int w, int h, FillRule rule = FillRule::NonZero) {
    return PolygonFiller{}(c, w, h, rule, ExecutionPolicy{1});
}

// Blob-like random masks: random noise smoothed by a 3x3 majority vote.
Mask blobMask(int w, int h, std::uint32_t seed) {
    const Mask noise = test::randomMask(w, h, 0.5, seed);
    Mask m(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            int n = 0;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx >= 0 && ny >= 0 && nx < w && ny < h) n += noise.at(nx, ny);
                }
            }
            m.at(x, y) = n >= 5 ? 1 : 0;
        }
    }
    return m;
}

// The component with its holes filled, by brute force: the non-component pixels that cannot
// reach outside the image through non-component pixels (4-connected steps for an 8-connected
// component, 8-connected steps for a 4-connected one).
Mask filledComponent(const Raster<std::int32_t>& labels, std::int32_t label, bool eight) {
    const int w = labels.width(), h = labels.height();
    // Padded complement, so "outside the image" is one region.
    Mask outside(w + 2, h + 2, 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) outside.at(x + 1, y + 1) = labels.at(x, y) == label ? 0 : 1;
    }
    const Raster<std::int32_t> regions = test::floodLabels(outside, !eight);
    const std::int32_t border = regions.at(0, 0);
    Mask out(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) out.at(x, y) = regions.at(x + 1, y + 1) != border ? 1 : 0;
    }
    return out;
}

// The parallel linking and gathering give the same contours, in the same order, as one thread.
TEST(ContourTracer, SameContoursForEveryThreadCount) {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        const Mask m = blobMask(61, 47, seed);
        FloatImage field(m.width(), m.height());
        for (std::size_t i = 0; i < m.size(); ++i) {
            field.data()[i] = static_cast<float>(m.data()[i]) - 0.25f * static_cast<float>(i % 3);
        }
        for (const SaddleRule rule :
             {SaddleRule::ConnectInside, SaddleRule::SeparateInside, SaddleRule::Average}) {
            const auto serial = ContourTracer{}(field, 0.3f, rule, ExecutionPolicy{1});
            ASSERT_GT(serial.size(), 2u);
            for (const int threads : {2, 5, 16}) {
                EXPECT_EQ(ContourTracer{}(field, 0.3f, rule, ExecutionPolicy{threads}), serial)
                    << "seed " << seed << " threads " << threads;
            }
        }
    }
}

TEST(ContourTracer, SinglePixelIsADiamondThroughTheEdgeMidpoints) {
    Mask m(5, 5, 0);
    m.at(2, 3) = 1;
    const ComponentMap map = ConnectedComponents{}(m, Connectivity::Eight);
    const Contour c = ContourTracer{}.outerBoundary(map, 1, Connectivity::Eight);
    ASSERT_EQ(c.points.size(), 4u);
    EXPECT_DOUBLE_EQ(signedArea(c), 0.5);
    for (const Point2f& p : c.points) {
        EXPECT_DOUBLE_EQ(std::abs(p.x - 2.0) + std::abs(p.y - 3.0), 0.5);
    }
    EXPECT_EQ(fill({c}, 5, 5), m);
}

TEST(ContourTracer, OuterBoundaryFilledIsTheComponentWithoutHoles) {
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const Mask m = blobMask(41 + static_cast<int>(seed), 33, seed);
        for (const Connectivity c : {Connectivity::Eight, Connectivity::Four}) {
            const bool eight = c == Connectivity::Eight;
            const ComponentMap map = ConnectedComponents{}(m, c);
            for (const Component& comp : map.components) {
                const Contour outer = ContourTracer{}.outerBoundary(map, comp.label, c);
                EXPECT_GT(signedArea(outer), 0.0);
                const Mask expected = filledComponent(map.labels, comp.label, eight);
                ASSERT_EQ(fill({outer}, m.width(), m.height()), expected)
                    << "seed " << seed << " component " << comp.label
                    << (eight ? " (8-connected)" : " (4-connected)");
            }
        }
    }
}

TEST(ContourTracer, AllContoursFilledGiveTheMaskBack) {
    for (std::uint32_t seed = 20; seed < 30; ++seed) {
        const Mask m = blobMask(50, 40, seed);
        FloatImage f(m.width(), m.height());
        for (std::size_t i = 0; i < m.size(); ++i) f.data()[i] = m.data()[i];
        for (const SaddleRule rule : {SaddleRule::ConnectInside, SaddleRule::SeparateInside}) {
            const std::vector<Contour> all = ContourTracer{}(f, 0.5f, rule);
            EXPECT_EQ(fill(all, m.width(), m.height(), FillRule::NonZero), m) << seed;
            EXPECT_EQ(fill(all, m.width(), m.height(), FillRule::EvenOdd), m) << seed;
        }
    }
}

TEST(ContourTracer, SaddleRuleDecidesWhetherDiagonalPixelsJoin) {
    FloatImage f(4, 4, 0.0f);
    f.at(1, 1) = 1.0f;
    f.at(2, 2) = 1.0f;
    EXPECT_EQ(ContourTracer{}(f, 0.5f, SaddleRule::ConnectInside).size(), 1u);
    EXPECT_EQ(ContourTracer{}(f, 0.5f, SaddleRule::SeparateInside).size(), 2u);
    // Average: the centre of the saddle cell is 0.5, not above the level: separate.
    EXPECT_EQ(ContourTracer{}(f, 0.5f, SaddleRule::Average).size(), 2u);
    EXPECT_EQ(ContourTracer{}(f, 0.4f, SaddleRule::Average).size(), 1u);
}

TEST(ContourTracer, HoleIsOrientedTheOtherWay) {
    Mask ring(7, 7, 0);
    for (int y = 1; y <= 5; ++y) {
        for (int x = 1; x <= 5; ++x) ring.at(x, y) = (x == 3 && y == 3) ? 0 : 1;
    }
    FloatImage f(7, 7);
    for (std::size_t i = 0; i < ring.size(); ++i) f.data()[i] = ring.data()[i];
    const std::vector<Contour> all = ContourTracer{}(f, 0.5f, SaddleRule::ConnectInside);
    ASSERT_EQ(all.size(), 2u);
    const double a0 = signedArea(all[0]), a1 = signedArea(all[1]);
    EXPECT_DOUBLE_EQ(std::max(a0, a1), 25.0 - 0.5);  // 5x5 square with its corners cut
    EXPECT_DOUBLE_EQ(std::min(a0, a1), -0.5);        // the hole's diamond
}

TEST(ContourTracer, ContinuousFieldGivesSubPixelCircle) {
    const double r = 10.3, cx = 15.4, cy = 14.7;
    FloatImage f(32, 30);
    for (int y = 0; y < f.height(); ++y) {
        for (int x = 0; x < f.width(); ++x) {
            f.at(x, y) = static_cast<float>(r - std::hypot(x - cx, y - cy));
        }
    }
    const std::vector<Contour> all = ContourTracer{}(f, 0.0f, SaddleRule::Average);
    ASSERT_EQ(all.size(), 1u);
    for (const Point2f& p : all[0].points) {
        EXPECT_NEAR(std::hypot(p.x - cx, p.y - cy), r, 0.05);
    }
    EXPECT_NEAR(signedArea(all[0]), std::numbers::pi * r * r, 0.01 * std::numbers::pi * r * r);
}

TEST(ContourTracer, RegionTouchingTheBorderIsClosedOutsideTheImage) {
    Mask m(6, 4, 1);
    FloatImage f(6, 4, 1.0f);
    const std::vector<Contour> all = ContourTracer{}(f, 0.5f, SaddleRule::ConnectInside);
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(fill(all, 6, 4), m);
    EXPECT_TRUE(ContourTracer{}(FloatImage(), 0.5f, SaddleRule::ConnectInside).empty());
}

}  // namespace
}  // namespace xrayprep::processing
