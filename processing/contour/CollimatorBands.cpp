#include "processing/contour/CollimatorBands.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace xrayprep::processing {
namespace {

enum Side { Left = 0, Right = 1, Top = 2, Bottom = 3 };

struct Widths {
    std::array<int, 4> w{0, 0, 0, 0};
    bool operator==(const Widths&) const = default;
};

float percentile(std::vector<float> values, double q) {
    if (values.empty()) return 0.0f;
    const auto k = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

// A side has a band when most of its outermost line (column or row) lies within a tolerance of
// that line's median level L, and L is bright (above the threshold, or about in the top 10 % of
// the image). The band runs inward while most of each line stays within the tolerance, then
// over the blurred inner edge while most of the line is still above min(threshold, L -
// tolerance). Lines are measured over the span not already claimed by the perpendicular bands,
// so a frame of bands is found side by side.
class StripFinder {
  public:
    StripFinder(const FloatImage& median, const BandSettings& s, const ExecutionPolicy& policy)
        : m_(median), s_(s), policy_(policy) {}

    Widths operator()() {
        Widths b;
        for (int round = 0; round < 4; ++round) {
            Widths n = b;
            n.w[Left] = width(Left, b);
            n.w[Right] = width(Right, b);
            n.w[Top] = width(Top, n);
            n.w[Bottom] = width(Bottom, n);
            if (n == b) break;
            b = n;
        }
        return b;
    }

    // The band level L of each side, as found by the last call of width() for it.
    std::array<double, 4> level{0.0, 0.0, 0.0, 0.0};

  private:
    // Values of the i-th line from the given side, over the span left by the other bands.
    std::vector<float> line(Side side, int i, const Widths& b) const {
        std::vector<float> v;
        forLine(side, i, b, [&](float x) { v.push_back(x); });
        return v;
    }

    template <typename F>
    void forLine(Side side, int i, const Widths& b, F&& f) const {
        const int w = m_.width(), h = m_.height();
        if (side == Left || side == Right) {
            const int x = side == Left ? i : w - 1 - i;
            for (int y = b.w[Top]; y < h - b.w[Bottom]; ++y) f(m_.at(x, y));
        } else {
            const float* row = m_.row(side == Top ? i : h - 1 - i);
            for (int x = b.w[Left]; x < w - b.w[Right]; ++x) f(row[x]);
        }
    }

    // Whether at least `coverage` of the i-th line satisfies pred (an exact count).
    [[nodiscard]] bool mostly(Side side, int i, const Widths& b, auto&& pred) const {
        std::size_t n = 0, size = 0;
        forLine(side, i, b, [&](float x) {
            n += pred(x) ? 1 : 0;
            ++size;
        });
        if (size == 0) return false;
        return static_cast<double>(n) >= s_.coverage * static_cast<double>(size);
    }

    // The first line from `i` on (at most `lines`) for which ok() is false. With several
    // threads, blocks of lines are tested at once (ok() is pure, so testing a few lines past
    // the answer changes nothing).
    int firstFailing(int i, int lines, auto&& ok) const {
        if (!policy_.parallel()) {
            while (i < lines && ok(i)) ++i;
            return i;
        }
        const int block = 4 * policy_.threads;
        std::vector<char> pass(static_cast<std::size_t>(block));
        while (i < lines) {
            const int n = std::min(block, lines - i);
#pragma omp parallel for schedule(static) num_threads(policy_.threads)
            for (int k = 0; k < n; ++k) pass[static_cast<std::size_t>(k)] = ok(i + k) ? 1 : 0;
            int k = 0;
            while (k < n && pass[static_cast<std::size_t>(k)] != 0) ++k;
            i += k;
            if (k < n) break;
        }
        return i;
    }

    int width(Side side, const Widths& b) {
        const bool vertical = side == Left || side == Right;
        const int lines = vertical ? m_.width() - (side == Left ? b.w[Right] : b.w[Left])
                                   : m_.height() - (side == Top ? b.w[Bottom] : b.w[Top]);
        if (lines <= 0) return 0;
        const std::vector<float> edge = line(side, 0, b);
        const double L = percentile(edge, 0.5);
        level[side] = L;
        if (!(L > s_.backgroundValue)) return 0;
        const double tolerance = s_.uniformity * (L - s_.backgroundValue);
        if (!(L > s_.thresholdValue || L >= brightLevel() - tolerance)) return 0;
        auto near = [&](float x) { return std::abs(x - L) <= tolerance; };
        const double extension = std::max<double>(
            s_.backgroundValue, std::min<double>(s_.thresholdValue, L - tolerance));
        auto above = [&](float x) { return x > extension; };
        const int i = firstFailing(0, lines, [&](int k) { return mostly(side, k, b, near); });
        if (i == 0) return 0;
        return firstFailing(i, lines, [&](int k) { return mostly(side, k, b, above); });
    }

    // About the top 10 % of the image: a selection over every pixel, so computed only for a
    // side whose level is not above the threshold anyway.
    float brightLevel() {
        if (!brightLevel_) {
            std::vector<float> all(m_.pixels().begin(), m_.pixels().end());
            brightLevel_ = percentile(std::move(all), 0.9);
        }
        return *brightLevel_;
    }

    const FloatImage& m_;
    const BandSettings& s_;
    const ExecutionPolicy& policy_;
    std::optional<float> brightLevel_;
};

}  // namespace

CollimatorBands CollimatorBandFinder::operator()(const FloatImage& m, const BandSettings& s,
                                                 const ExecutionPolicy& policy) const {
    const int w = m.width(), h = m.height();
    CollimatorBands out;
    out.mask = Mask(w, h, 0);
    if (w == 0 || h == 0) return out;
    StripFinder finder(m, s, policy);
    const Widths b = finder();
    out.left = b.w[Left];
    out.right = b.w[Right];
    out.top = b.w[Top];
    out.bottom = b.w[Bottom];
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        std::uint8_t* row = out.mask.row(y);
        const bool strip = y < out.top || y >= h - out.bottom;
        for (int x = 0; x < w; ++x) row[x] = strip || x < out.left || x >= w - out.right ? 1 : 0;
    }

    // The penumbra: beyond a strip, each row (column) keeps belonging to the band while its
    // values fall (or stay level, within a noise tolerance) away from it, provided they fall all
    // the way to the background: that is the blurred passage from an unexposed to an exposed
    // area. Where anatomy interrupts the fall, the row is claimed up to the interruption only
    // if rows on both sides of it along the band do reach the background (the soft edge runs
    // on behind the anatomy); elsewhere it is left alone.
    for (int side = Left; side <= Bottom; ++side) {
        const int width = b.w[side];
        if (width == 0) continue;
        const double L = finder.level[side];
        const double floor = s.backgroundValue + s.penumbraFloor * (L - s.backgroundValue);
        const double noise = s.penumbraNoise * (L - s.backgroundValue);
        const bool vertical = side == Left || side == Right;
        const int lines = vertical ? h : w;  // rows (columns) crossing the band's inner edge
        const int depth = vertical ? w : h;  // pixels along each of them
        // The i-th pixel of a line counted inward from the band's image edge.
        auto px = [&](int line, int i) -> std::pair<int, int> {
            const int d = side == Left || side == Top ? i : depth - 1 - i;
            return vertical ? std::pair{d, line} : std::pair{line, d};
        };
        std::vector<int> end(lines, width);   // first pixel not in the fall
        std::vector<char> reached(lines, 0);  // the fall reached the background
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int line = 0; line < lines; ++line) {
            const auto [x0, y0] = px(line, width - 1);
            double lowest = m.at(x0, y0);
            int i = width;
            for (; i < depth; ++i) {
                const auto [x, y] = px(line, i);
                const double v = m.at(x, y);
                if (out.mask.at(x, y) != 0 || v > lowest + noise) break;
                if (v <= floor) {
                    reached[line] = 1;
                    break;
                }
                lowest = std::min(lowest, v);
            }
            end[line] = i;
        }
        const auto firstReached = std::find(reached.begin(), reached.end(), 1) - reached.begin();
        const auto lastReached =
            lines - 1 - (std::find(reached.rbegin(), reached.rend(), 1) - reached.rbegin());
        int claimed = 0;  // an integer count: exact in any order
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel()) \
    reduction(+ : claimed)
        for (int line = 0; line < lines; ++line) {
            if (reached[line] == 0 && !(line > firstReached && line < lastReached)) continue;
            for (int k = width; k < end[line]; ++k) {
                const auto [x, y] = px(line, k);
                out.mask.at(x, y) = 1;
                ++claimed;
            }
        }
        out.penumbraPixels += claimed;
    }
    return out;
}

}  // namespace xrayprep::processing
