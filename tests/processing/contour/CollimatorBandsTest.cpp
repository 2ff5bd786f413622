#include "processing/contour/CollimatorBands.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace xrayprep::processing {
namespace {

// 40 x 30: a band of 5 columns at 1000 along the right edge, then per row a profile inward
// from it (values at x = 34, 33, ...), background 0 beyond. Threshold 950 keeps the band's
// line-wise extension out of the way, so only the penumbra rule claims the profile; its floor
// is 0 + 0.1 * (1000 - 0) = 100.
FloatImage rightBand(const std::vector<std::vector<float>>& profiles) {
    FloatImage m(40, 30, 0.0f);
    for (int y = 0; y < 30; ++y) {
        for (int x = 35; x < 40; ++x) m.at(x, y) = 1000.0f;
        const std::vector<float>& p = profiles[y];
        for (std::size_t i = 0; i < p.size(); ++i) m.at(34 - static_cast<int>(i), y) = p[i];
    }
    return m;
}

BandSettings settings() {
    BandSettings s;
    s.thresholdValue = 950;
    s.backgroundValue = 0;
    return s;
}

// Number of claimed pixels in row y left of the 5 band columns.
int claimed(const CollimatorBands& b, int y) {
    int n = 0;
    for (int x = 0; x < 35; ++x) n += b.mask.at(x, y);
    return n;
}

const std::vector<float> kFalls{800, 600, 400, 200, 50};         // reaches the floor: 4 px
const std::vector<float> kInterrupted{800, 600, 700, 700, 300};  // anatomy after 2 px

TEST(CollimatorBands, PenumbraFallingToTheBackgroundIsClaimed) {
    const std::vector<std::vector<float>> rows(30, kFalls);
    const CollimatorBands b = CollimatorBandFinder{}(rightBand(rows), settings());
    EXPECT_EQ(b.right, 5);
    EXPECT_EQ(b.left + b.top + b.bottom, 0);
    for (int y = 0; y < 30; ++y) {
        EXPECT_EQ(claimed(b, y), 4) << "row " << y;
        EXPECT_EQ(b.mask.at(31, y), 1);
        EXPECT_EQ(b.mask.at(30, y), 0);  // the 50 at or below the floor stays
    }
    EXPECT_EQ(b.penumbraPixels, 4 * 30);
}

TEST(CollimatorBands, InterruptedRowsAreClaimedOnlyBetweenRowsThatReachTheBackground) {
    // Rows 10..19 interrupted between falling rows: claimed up to the interruption (2 px).
    std::vector<std::vector<float>> rows(30, kFalls);
    for (int y = 10; y < 20; ++y) rows[y] = kInterrupted;
    CollimatorBands b = CollimatorBandFinder{}(rightBand(rows), settings());
    for (int y = 0; y < 30; ++y) EXPECT_EQ(claimed(b, y), y >= 10 && y < 20 ? 2 : 4) << y;

    // Rows 0..19 interrupted with no falling row above them: left alone.
    for (int y = 0; y < 10; ++y) rows[y] = kInterrupted;
    b = CollimatorBandFinder{}(rightBand(rows), settings());
    for (int y = 0; y < 30; ++y) EXPECT_EQ(claimed(b, y), y < 20 ? 0 : 4) << y;
}

TEST(CollimatorBands, PenumbraAlongTheTopEdge) {
    // The same profiles transposed: a band along the top edge falling downwards.
    const FloatImage r = rightBand(std::vector<std::vector<float>>(30, kFalls));
    FloatImage t(30, 40, 0.0f);
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 30; ++x) t.at(x, y) = r.at(39 - y, x);
    }
    const CollimatorBands b = CollimatorBandFinder{}(t, settings());
    EXPECT_EQ(b.top, 5);
    for (int x = 0; x < 30; ++x) {
        for (int y = 0; y < 40; ++y) EXPECT_EQ(b.mask.at(x, y), y < 9 ? 1 : 0) << x << "," << y;
    }
}

TEST(CollimatorBands, NoBandNoPenumbra) {
    // A bright disc falling off towards dark edges: nothing uniform and bright on any edge.
    FloatImage m(40, 30, 0.0f);
    for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 40; ++x) {
            const float r2 = static_cast<float>((x - 20) * (x - 20) + (y - 15) * (y - 15));
            m.at(x, y) = r2 < 100.0f ? 1000.0f : std::max(0.0f, 1000.0f - 3.0f * r2);
        }
    }
    const CollimatorBands b = CollimatorBandFinder{}(m, settings());
    EXPECT_FALSE(b.any());
    EXPECT_EQ(b.penumbraPixels, 0);
    EXPECT_EQ(b.mask, Mask(40, 30, 0));
}

TEST(CollimatorBands, SameForEveryThreadCount) {
    // Bands wider than the blocks of lines tested at once (4 per thread): 70 columns on the
    // left, 40 rows on top, each with a falling inner edge; a bright disc inside.
    FloatImage m(200, 150, 0.0f);
    for (int y = 0; y < 150; ++y) {
        for (int x = 0; x < 200; ++x) {
            float v = 0.0f;
            if (x < 70 || y < 40) {
                v = 1000.0f + static_cast<float>((x * 7 + y * 13) % 11);  // uniform within 10 %
            } else if (x < 74) {
                v = 1000.0f - 220.0f * static_cast<float>(x - 69);  // falling inner edges
            } else if (y < 44) {
                v = 1000.0f - 220.0f * static_cast<float>(y - 39);
            }
            const float r2 = static_cast<float>((x - 140) * (x - 140) + (y - 100) * (y - 100));
            if (r2 < 400.0f) v = 1500.0f;
            m.at(x, y) = v;
        }
    }
    const CollimatorBands serial = CollimatorBandFinder{}(m, settings());
    EXPECT_EQ(serial.left, 70);
    EXPECT_EQ(serial.top, 40);
    EXPECT_EQ(serial.right + serial.bottom, 0);
    EXPECT_GT(serial.penumbraPixels, 0);
    for (const int threads : {2, 3, 8}) {
        const CollimatorBands b = CollimatorBandFinder{}(m, settings(), ExecutionPolicy{threads});
        EXPECT_EQ(b.left, serial.left) << threads;
        EXPECT_EQ(b.top, serial.top) << threads;
        EXPECT_EQ(b.right, serial.right) << threads;
        EXPECT_EQ(b.bottom, serial.bottom) << threads;
        EXPECT_EQ(b.penumbraPixels, serial.penumbraPixels) << threads;
        EXPECT_EQ(b.mask, serial.mask) << threads;
    }
}

}  // namespace
}  // namespace xrayprep::processing
