#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "PhantomTestSupport.h"
#include "processing/phantom/FootPhantom.h"

namespace xrayprep::processing {
namespace {

using phantom_test::histogram256;

struct Prepared {
    Phantom phantom;
    Image median;  // 19x19, by the independent reference median
};

const Prepared& prepared(PhantomView view) {
    static std::map<PhantomView, Prepared> cache;
    auto it = cache.find(view);
    if (it == cache.end()) {
        PhantomParams p;
        p.view = view;
        Prepared pr{FootPhantom{}(p), {}};
        pr.median = phantom_test::slidingMedian(pr.phantom.image, 9);
        it = cache.emplace(view, std::move(pr)).first;
    }
    return it->second;
}

// Pixels whose whole 19x19 window lies in `inside(x, y)`: where the median sees only that class.
template <typename Pred>
Mask windowCore(int w, int h, Pred inside) {
    // Separable erosion: a row pass then a column pass over 2r+1 = 19.
    Mask rows(w, h, 0), core(w, h, 0);
    constexpr int r = 9;
    for (int y = 0; y < h; ++y) {
        int run = 0;
        for (int x = 0; x < w; ++x) {
            run = inside(x, y) ? run + 1 : 0;
            if (run >= 2 * r + 1) rows.at(x - r, y) = 1;
        }
    }
    for (int x = 0; x < w; ++x) {
        int run = 0;
        for (int y = 0; y < h; ++y) {
            run = rows.at(x, y) ? run + 1 : 0;
            if (run >= 2 * r + 1) core.at(x, y - r) = 1;
        }
    }
    return core;
}

class PhantomHistogram : public ::testing::TestWithParam<PhantomView> {};

TEST_P(PhantomHistogram, RawHistogramHasThreeSeparatedPeaks) {
    const Phantom& ph = prepared(GetParam()).phantom;
    const auto h = histogram256(ph.image);
    // Modes of each class from the ground-truth masks.
    std::array<std::array<std::uint64_t, 256>, 3> cls{};
    for (std::size_t i = 0; i < ph.image.size(); ++i) {
        const int c = ph.truth.data()[i] ? 2 : (ph.footMask.data()[i] ? 1 : 0);
        if (c == 0 &&
            (ph.collimatorMask.data()[i] || ph.markerMask.data()[i] || ph.textMask.data()[i])) {
            continue;
        }
        ++cls[static_cast<std::size_t>(c)][(ph.image.data()[i] * 256u) / 4096u];
    }
    std::array<int, 3> mode{};
    for (int c = 0; c < 3; ++c) {
        mode[c] = static_cast<int>(std::max_element(cls[c].begin() + 1, cls[c].end() - 1) -
                                   cls[c].begin());
    }
    ASSERT_LT(mode[0], mode[1]);
    ASSERT_LT(mode[1], mode[2]);
    for (int c = 0; c < 2; ++c) {
        const auto lo = std::min_element(h.begin() + mode[c], h.begin() + mode[c + 1]);
        const std::uint64_t smallerPeak = std::min(h[mode[c]], h[mode[c + 1]]);
        EXPECT_LT(*lo * 4, smallerPeak) << "no real trough between classes " << c << " and "
                                        << c + 1 << " (trough bin " << lo - h.begin() << ")";
    }
}

TEST_P(PhantomHistogram, ValleyThresholdOfTheMedianSeparatesSoftTissueFromBone) {
    const Prepared& pr = prepared(GetParam());
    const Phantom& ph = pr.phantom;
    std::vector<int> troughs;
    const int t = phantom_test::valleyThresholdBin(histogram256(pr.median), 0.10, &troughs);
    ASSERT_GT(t, 0) << "no qualifying trough";
    const int w = ph.image.width(), h = ph.image.height();
    const Mask boneCore = windowCore(w, h, [&](int x, int y) { return ph.truth.at(x, y) != 0; });
    const Mask softCore = windowCore(
        w, h, [&](int x, int y) { return ph.footMask.at(x, y) != 0 && ph.truth.at(x, y) == 0; });
    int boneMin = 4095, softMax = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (boneCore.at(x, y)) boneMin = std::min<int>(boneMin, pr.median.at(x, y));
            if (softCore.at(x, y)) softMax = std::max<int>(softMax, pr.median.at(x, y));
        }
    }
    EXPECT_GT(boneMin, softMax + 200) << "bone and soft tissue overlap after the median";
    EXPECT_GE(t, softMax * 256 / 4096) << "threshold bin inside the soft tissue";
    EXPECT_LT(t, boneMin * 256 / 4096) << "threshold bin inside the bone";
    // The bone peak (above the threshold, below the collimator at ~3800) holds >= 10 %.
    const auto hist = histogram256(pr.median);
    std::uint64_t bonePeak = 0;
    for (int b = t + 1; b < 3700 * 256 / 4096; ++b) bonePeak += hist[static_cast<std::size_t>(b)];
    EXPECT_GT(static_cast<double>(bonePeak) / ph.image.size(), 0.10);
}

TEST_P(PhantomHistogram, MedianRemovesTextAndSaltPepperButKeepsTheMarker) {
    const Prepared& pr = prepared(GetParam());
    const Phantom& ph = pr.phantom;
    std::size_t marker = 0, markerKept = 0;
    int textMax = 0;
    for (std::size_t i = 0; i < ph.image.size(); ++i) {
        const std::uint16_t m = pr.median.data()[i];
        if (ph.textMask.data()[i]) textMax = std::max<int>(textMax, m);
        if (ph.markerMask.data()[i]) {
            ++marker;
            markerKept += m >= 3950 ? 1 : 0;
        }
    }
    EXPECT_LT(textMax, 700) << "text survives the 19x19 median";
    EXPECT_GT(markerKept, marker / 3) << "marker should survive the median";
    const auto hist = histogram256(pr.median);
    EXPECT_EQ(hist[0], 0u);  // pepper gone
}

INSTANTIATE_TEST_SUITE_P(Views, PhantomHistogram,
                         ::testing::Values(PhantomView::Planar, PhantomView::Lateral),
                         [](const auto& info) { return std::string(toString(info.param)); });

}  // namespace
}  // namespace xrayprep::processing
