#include "processing/contour/PlatformFinder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "processing/contour/SideLines.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {
namespace {

constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                          ImageSide::Bottom};

// The steps across the lines of one side: the smoothed image just outside (towards the side)
// minus just inside, halved; positive where it is brighter towards the side. Stored by
// position along the side, each column of steps padded with zeros on both ends, so that the
// lines of one tilt (line d reads row d + shift(u) at u) read contiguous runs of every column.
struct SideSteps {
    int length = 0, across = 0;
    int front = 0;  // zeros before row 0 of each column
    int pitch = 0;  // floats per column
    std::vector<float> values;

    [[nodiscard]] const float* column(int u) const {
        return values.data() + static_cast<std::size_t>(u) * pitch + front;
    }
    [[nodiscard]] float at(int u, int v) const { return column(u)[v]; }
};

SideSteps stepsAcross(const FloatImage& g, const SideFrame& f, int front, int back,
                      const ExecutionPolicy& policy) {
    SideSteps st;
    st.length = f.length();
    st.across = f.across();
    st.front = front;
    st.pitch = front + st.across + back;
    st.values.assign(static_cast<std::size_t>(st.length) * st.pitch, 0.0f);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int u = 0; u < st.length; ++u) {
        float* col = st.values.data() + static_cast<std::size_t>(u) * st.pitch + front;
        for (int v = 0; v < st.across; ++v) {
            const int a = std::max(0, v - 1), b = std::min(st.across - 1, v + 1);
            const auto [xa, ya] = f.pixel(u, a);
            const auto [xb, yb] = f.pixel(u, b);
            col[v] = 0.5f * (g.at(xa, ya) - g.at(xb, yb));
        }
    }
    return st;
}

// The row line 0 of a tilt crosses at u: line d crosses row d + shift (d is whole, so the
// rounding of offset + d + slope (u - length / 2) moves with d).
int lineShift(const LineTilt& t, int u, int length) {
    return static_cast<int>(std::floor(t.v(0.0, u, length) + 0.5));
}

// Lower quartiles of the box-smoothed steps along every line d < depths at one tilt (-inf: no
// valid sample, or a quartile below `floor`), each taken over every stride-th position: the box
// average varies little within a quarter box. The box runs along the line, mirrored at its ends
// (samples off the side count as 0); all lines advance together, one column of steps at a time.
void lineQuartiles(const SideSteps& st, const LineTilt& t, int depths, int box, int stride,
                   double floor, float* q) {
    const int length = st.length;
    const int half = box / 2;
    auto mirror = [length](int i) {
        while (i < 0 || i >= length) i = i < 0 ? -i - 1 : 2 * length - i - 1;
        return i;
    };
    std::vector<int> shift(static_cast<std::size_t>(length));
    for (int u = 0; u < length; ++u) shift[static_cast<std::size_t>(u)] = lineShift(t, u, length);
    // The column of line samples at position j - half of the mirrored line.
    auto samples = [&](int j) {
        const int u = mirror(j - half);
        return st.column(u) + shift[static_cast<std::size_t>(u)];
    };
    const std::size_t perLine = static_cast<std::size_t>(length / stride + 1);
    std::vector<float> kept(perLine * depths);
    std::vector<std::size_t> count(static_cast<std::size_t>(depths), 0);
    std::vector<double> sum(static_cast<std::size_t>(depths), 0.0);
    for (int j = 0; j < box; ++j) {
        const float* c = samples(j);
        for (int d = 0; d < depths; ++d) sum[static_cast<std::size_t>(d)] += c[d];
    }
    for (int u = 0; u < length; ++u) {
        if (u % stride == 0) {
            // Line d has a sample at u where its row lies on the side.
            const int sh = shift[static_cast<std::size_t>(u)];
            const int from = std::max(0, -sh), to = std::min(depths, st.across - sh);
            for (int d = from; d < to; ++d) {
                kept[static_cast<std::size_t>(d) * perLine + count[static_cast<std::size_t>(d)]++] =
                    static_cast<float>(sum[static_cast<std::size_t>(d)] / box);
            }
        }
        const float* add = samples(u + box);
        const float* drop = samples(u);
        for (int d = 0; d < depths; ++d) sum[static_cast<std::size_t>(d)] += add[d] - drop[d];
    }
    std::vector<float> line;
    for (int d = 0; d < depths; ++d) {
        const std::size_t n = count[static_cast<std::size_t>(d)];
        if (n == 0) {
            q[d] = -std::numeric_limits<float>::infinity();
            continue;
        }
        const auto begin = kept.begin() + static_cast<std::ptrdiff_t>(d * perLine);
        // The quartile is below `floor` when more than a quarter of the samples are: such a
        // line is no candidate and its exact value changes no decision, so the selection is
        // skipped (most lines of most images).
        std::size_t below = 0;
        for (std::size_t i = 0; i < n; ++i) below += begin[static_cast<std::ptrdiff_t>(i)] < floor;
        const auto k = static_cast<std::size_t>(0.25 * static_cast<double>(n - 1));
        if (below > k) {
            q[d] = -std::numeric_limits<float>::infinity();
            continue;
        }
        line.assign(begin, begin + static_cast<std::ptrdiff_t>(n));
        q[d] = quantileOf(line, 0.25);
    }
}

// A platform runs from one end of the image to the other: the step is there at both ends of
// the line. The straight skin of a leg that runs down the image steps up towards the side as
// well over most of its length, but it ends where the foot does, short of the image's end.
bool stepReachesBothEnds(const SideSteps& st, const LineTilt& t, int d, float minStep,
                         double endFraction) {
    const int length = st.length;
    const int span = std::max(1, static_cast<int>(endFraction * length));
    auto endHolds = [&](int from, int to) {
        int present = 0, valid = 0;
        for (int u = from; u < to; ++u) {
            const int v = d + lineShift(t, u, length);
            if (v < 0 || v >= st.across) continue;
            ++valid;
            present += st.at(u, v) >= minStep ? 1 : 0;
        }
        return valid > 0 && 2 * present >= valid;
    };
    return endHolds(0, span) && endHolds(length - span, length);
}

}  // namespace

Platforms PlatformFinder::operator()(const FloatImage& img, const PlatformSettings& s,
                                     const ExecutionPolicy& policy) const {
    if (img.width() < 8 || img.height() < 8) return (*this)(img, ValueRange{}, s, policy);
    return (*this)(img, robustRange(img, 0.005, 0.995, policy), s, policy);
}

Platforms PlatformFinder::operator()(const FloatImage& img, const ValueRange& range,
                                     const PlatformSettings& s,
                                     const ExecutionPolicy& policy) const {
    const int w = img.width(), h = img.height();
    Platforms out;
    out.mask = Mask(w, h, 0);
    if (w < 8 || h < 8) return out;
    const float spread = std::max(range.high - range.low, 1e-6f);
    const FloatImage g = GaussianBlur{}(img, s.smoothMm / s.workingMm, policy);
    const int box = std::max(3, static_cast<int>(std::lround(s.alongMm / s.workingMm)));
    const int stride = std::max(1, box / 4);
    const int steps = static_cast<int>(std::floor(s.maxAngle / s.angleStep + 1e-9));
    const int angles = 2 * steps + 1;
    for (const ImageSide side : kSides) {
        if (!isPlatformSide(side)) continue;
        const SideFrame f{side, w, h};
        const int depths = static_cast<int>(s.maxDepth * f.across());
        if (depths < 3) continue;
        // Lines of every tilt stay within [-1, depths + maxShift] rows of their column.
        const int maxShift = static_cast<int>(std::ceil(
                                 std::tan(s.maxAngle * std::numbers::pi / 180.0) * f.length())) +
                             2;
        const SideSteps across = stepsAcross(g, f, 2, depths + maxShift, policy);
        // q[a][d]: the lower quartile of the step along line d at tilt a.
        std::vector<float> q(static_cast<std::size_t>(angles) * depths);
#pragma omp parallel for schedule(dynamic) num_threads(policy.threads) if (policy.parallel())
        for (int a = 0; a < angles; ++a) {
            const LineTilt t = LineTilt::of((a - steps) * s.angleStep, f.length());
            lineQuartiles(across, t, depths, box, stride, s.minStep * spread,
                          q.data() + static_cast<std::size_t>(a) * depths);
        }
        std::vector<float> best(static_cast<std::size_t>(depths),
                                -std::numeric_limits<float>::infinity());
        std::vector<int> bestAngle(static_cast<std::size_t>(depths), 0);
        for (int a = 0; a < angles; ++a) {  // fixed order: ties keep the first tilt
            for (int d = 0; d < depths; ++d) {
                const float v = q[static_cast<std::size_t>(a) * depths + d];
                if (v > best[static_cast<std::size_t>(d)]) {
                    best[static_cast<std::size_t>(d)] = v;
                    bestAngle[static_cast<std::size_t>(d)] = a;
                }
            }
        }
        // The deepest step that runs from one end of the image to the other.
        const double margin = s.marginMm / s.workingMm;
        int deepest = -1;
        for (int d = depths - 2; d >= 1 && deepest < 0; --d) {
            const float v = best[static_cast<std::size_t>(d)];
            if (v < best[static_cast<std::size_t>(d - 1)] ||
                v < best[static_cast<std::size_t>(d + 1)] || v < s.minStep * spread) {
                continue;
            }
            const double a = (bestAngle[static_cast<std::size_t>(d)] - steps) * s.angleStep;
            if (stepReachesBothEnds(across, LineTilt::of(a, f.length()), d,
                                    0.5f * s.minStep * spread, s.endFraction)) {
                deepest = d;
            }
        }
        if (deepest < 0) continue;
        const double angle = (bestAngle[static_cast<std::size_t>(deepest)] - steps) * s.angleStep;
        const LineTilt t = LineTilt::of(angle, f.length());
        const double reach = deepest + margin;
        out.bands.push_back(
            {side, angle, t.offset + reach, best[static_cast<std::size_t>(deepest)] / spread});
        for (int u = 0; u < f.length(); ++u) {
            const double edge = t.v(reach, u, f.length());
            for (int v = 0; v < f.across() && v <= edge; ++v) {
                const auto [x, y] = f.pixel(u, v);
                out.mask.at(x, y) = 1;
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
