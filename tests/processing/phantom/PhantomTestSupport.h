#pragma once

// Independent helpers for the phantom tests: a straightforward sliding-histogram median
// (Huang), the 256-bin histogram and the valley threshold rule of SPEC 3.2, written from the
// specification and not shared with the pipeline's stages.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "processing/core/Image.h"

namespace xrayprep::processing::phantom_test {

// Exact median of the (2r+1)^2 window, clamp-to-edge borders.
inline Image slidingMedian(const Image& in, int r) {
    const int w = in.width(), h = in.height();
    const int levels = in.maxValue() + 1;
    const int k = 2 * r + 1;
    const int rank = (k * k - 1) / 2;  // 0-based rank of the median
    Image out = makeImageLike(in);
    std::vector<int> hist(static_cast<std::size_t>(levels));
    auto cl = [](int v, int lo, int hi) { return std::min(std::max(v, lo), hi); };
    for (int y = 0; y < h; ++y) {
        std::fill(hist.begin(), hist.end(), 0);
        int med = 0, below = 0;  // below = number of window values < med
        auto column = [&](int x, int delta) {
            const int cx = cl(x, 0, w - 1);
            for (int dy = -r; dy <= r; ++dy) {
                const int v = in.at(cx, cl(y + dy, 0, h - 1));
                hist[static_cast<std::size_t>(v)] += delta;
                if (v < med) below += delta;
            }
        };
        for (int dx = -r; dx <= r; ++dx) column(dx, +1);
        for (int x = 0; x < w; ++x) {
            if (x > 0) {
                column(x - r - 1, -1);
                column(x + r, +1);
            }
            while (below > rank) {
                --med;
                below -= hist[med];
            }
            while (below + hist[med] <= rank) {
                below += hist[med];
                ++med;
            }
            out.at(x, y) = static_cast<std::uint16_t>(med);
        }
    }
    return out;
}

inline std::array<std::uint64_t, 256> histogram256(const Image& img) {
    std::array<std::uint64_t, 256> hist{};
    const std::uint32_t maxV = img.maxValue();
    for (std::uint16_t v : img.pixels()) ++hist[(v * 256u) / (maxV + 1u)];
    return hist;
}

// SPEC 3.2 valley rule without smoothing: returns the threshold bin, or -1 if none qualifies.
inline int valleyThresholdBin(const std::array<std::uint64_t, 256>& h, double minFraction,
                              std::vector<int>* troughs = nullptr) {
    std::uint64_t total = 0;
    for (auto c : h) total += c;
    std::uint64_t acc = 0;
    int seen = 0;
    int result = -1;
    for (int b = 1; b <= 254; ++b) {
        acc += h[static_cast<std::size_t>(b)];
        if (h[b - 1] > h[b] && h[b] <= h[b + 1]) {
            if (troughs) troughs->push_back(b);
            const double fraction = static_cast<double>(acc) / static_cast<double>(total);
            acc = 0;
            if (seen++ == 0) continue;
            if (result < 0 && fraction >= minFraction) result = b;
        }
    }
    return result;
}

}  // namespace xrayprep::processing::phantom_test
