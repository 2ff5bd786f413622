#pragma once

// Independent helpers for the phantom tests: a straightforward sliding-histogram median
// (Huang), the 256-bin histogram and the valley threshold rule of SPEC 3.2, written from the
// specification and not shared with the pipeline's stages.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include <queue>
#include <string_view>

#include "processing/core/Image.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/VariationCatalog.h"
#include "processing/phantom/ViewSpec.h"

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

inline std::size_t count(const Mask& m) {
    std::size_t c = 0;
    for (std::uint8_t v : m.pixels()) c += v;
    return c;
}

inline std::size_t overlap(const Mask& a, const Mask& b) {
    std::size_t c = 0;
    for (std::size_t i = 0; i < a.size(); ++i) c += (a.data()[i] && b.data()[i]) ? 1 : 0;
    return c;
}

// Square (Chebyshev) dilation by r, separable with prefix sums.
inline Mask dilate(const Mask& m, int r) {
    const int w = m.width(), h = m.height();
    Mask rows(w, h, 0), out(w, h, 0);
    std::vector<int> prefix;
    for (int y = 0; y < h; ++y) {
        prefix.assign(static_cast<std::size_t>(w) + 1, 0);
        for (int x = 0; x < w; ++x) prefix[x + 1] = prefix[x] + m.at(x, y);
        for (int x = 0; x < w; ++x) {
            rows.at(x, y) = prefix[std::min(w, x + r + 1)] > prefix[std::max(0, x - r)] ? 1 : 0;
        }
    }
    for (int x = 0; x < w; ++x) {
        prefix.assign(static_cast<std::size_t>(h) + 1, 0);
        for (int y = 0; y < h; ++y) prefix[y + 1] = prefix[y] + rows.at(x, y);
        for (int y = 0; y < h; ++y) {
            out.at(x, y) = prefix[std::min(h, y + r + 1)] > prefix[std::max(0, y - r)] ? 1 : 0;
        }
    }
    return out;
}

// The complement of a mask.
inline Mask inverted(Mask m) {
    for (auto& v : m.pixels()) v = !v;
    return m;
}

// True when no set pixel of `a` is within Chebyshev distance `gap` of a set pixel of `b`.
inline bool apart(const Mask& a, const Mask& b, int gap) { return overlap(a, dilate(b, gap)) == 0; }

// A projection-model phantom of a view with comma-separated variations, at the view's natural
// aspect with the given longer side.
inline Phantom projection(PhantomView view, std::string_view variations, std::uint32_t seed,
                          int longSide = 640) {
    PhantomParams p = VariationCatalog::plain(view);
    VariationCatalog::apply(p, variations);
    const auto [w, h] = ViewSpec::of(view).naturalSize(longSide);
    p.width = w;
    p.height = h;
    p.seed = seed;
    return FootPhantom{}(p);
}

// Stored values where `keep(i)` holds (index into the image).
template <typename Keep>
std::vector<double> valuesWhere(const Image& image, Keep keep) {
    std::vector<double> v;
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (keep(i)) v.push_back(image.data()[i]);
    }
    return v;
}

// The p-th percentile (0..100) by nearest rank.
inline double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const auto k = static_cast<std::size_t>(std::clamp(p / 100.0, 0.0, 1.0) * (v.size() - 1));
    return v[k];
}

inline double mean(const std::vector<double>& v) {
    double s = 0.0;
    for (double x : v) s += x;
    return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

// 4-connected component labels of set pixels (0 = unset, 1..n), n in `count`.
inline std::vector<int> labels(const Mask& m, int& count) {
    const int w = m.width(), h = m.height();
    std::vector<int> label(m.size(), 0);
    count = 0;
    std::queue<std::pair<int, int>> q;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            if (!m.data()[i] || label[i]) continue;
            label[i] = ++count;
            q.emplace(x, y);
            while (!q.empty()) {
                const auto [cx, cy] = q.front();
                q.pop();
                const int nx[4] = {cx - 1, cx + 1, cx, cx}, ny[4] = {cy, cy, cy - 1, cy + 1};
                for (int k = 0; k < 4; ++k) {
                    if (nx[k] < 0 || ny[k] < 0 || nx[k] >= w || ny[k] >= h) continue;
                    const std::size_t j = static_cast<std::size_t>(ny[k]) * w + nx[k];
                    if (m.data()[j] && !label[j]) {
                        label[j] = count;
                        q.emplace(nx[k], ny[k]);
                    }
                }
            }
        }
    }
    return label;
}

inline int components(const Mask& m) {
    int n = 0;
    (void)labels(m, n);
    return n;
}

}  // namespace xrayprep::processing::phantom_test
