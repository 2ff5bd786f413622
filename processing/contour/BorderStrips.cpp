#include "processing/contour/BorderStrips.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>

#include "processing/contour/SideLines.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {
namespace {

using Tilt = LineTilt;

Tilt tiltOf(double degrees, int length) { return LineTilt::of(degrees, length); }

// v of line d at position u.
int lineV(const Tilt& t, int length, double d, int u) {
    return static_cast<int>(std::lround(t.v(d, u, length)));
}

// The values of line d (positions inside the image only).
std::vector<float> lineValues(const FloatImage& img, const SideFrame& f, const Tilt& t, int d) {
    std::vector<float> v;
    const int length = f.length(), across = f.across();
    v.reserve(static_cast<std::size_t>(length));
    for (int u = 0; u < length; ++u) {
        const int vv = lineV(t, length, d, u);
        if (vv < 0 || vv >= across) continue;
        const auto [x, y] = f.pixel(u, vv);
        v.push_back(img.at(x, y));
    }
    return v;
}

struct LineVerdict {
    bool uniform = false;
    float level = 0.0f;
};

// Smoothed by a running median (window ~5 % of the line), a least-squares line fitted; uniform
// when `coverage` of the smoothed values lie within `tolerance` of the fit and the fit's rise
// along the line stays within 3 tolerances.
LineVerdict judgeLine(const std::vector<float>& values, double tolerance, double coverage) {
    LineVerdict out;
    const int n = static_cast<int>(values.size());
    if (n < 8) return out;
    // The running median is taken at every `stride`-th position only: a quarter of its window
    // apart, the samples still see every stretch of the line.
    const int half = std::max(1, n / 40);
    const int stride = std::max(1, half / 2);
    std::vector<float> smooth;
    std::vector<double> at;
    std::vector<float> scratch;
    smooth.reserve(static_cast<std::size_t>(n / stride + 1));
    at.reserve(static_cast<std::size_t>(n / stride + 1));
    for (int i = 0; i < n; i += stride) {
        const int first = std::max(0, i - half), last = std::min(n - 1, i + half);
        smooth.push_back(medianOfSpan(values.data() + first, last - first + 1, scratch));
        at.push_back(i);
    }
    const auto m = static_cast<int>(smooth.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int k = 0; k < m; ++k) {
        const double x = at[static_cast<std::size_t>(k)], y = smooth[static_cast<std::size_t>(k)];
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    const double denom = m * sxx - sx * sx;
    const double slope = denom != 0.0 ? (m * sxy - sx * sy) / denom : 0.0;
    const double intercept = (sy - slope * sx) / m;
    int within = 0;
    for (int k = 0; k < m; ++k) {
        const double fit = intercept + slope * at[static_cast<std::size_t>(k)];
        within += std::abs(smooth[static_cast<std::size_t>(k)] - fit) <= tolerance ? 1 : 0;
    }
    out.uniform = within >= coverage * m && std::abs(slope) * n <= 3.0 * tolerance;
    out.level = medianOf(smooth);
    return out;
}

struct Candidate {
    double score = -1.0;
    double angle = 0.0;
    double depth = 0.0;
    float level = 0.0f;
    int start = 0;              // first uniform line
    std::vector<float> levels;  // median of each uniform line from `start` on
};

Candidate searchTilt(const FloatImage& img, const SideFrame& f, double angle, double tol,
                     const BorderStripSettings& s) {
    Candidate c;
    c.angle = angle;
    const Tilt t = tiltOf(angle, f.length());
    const int across = f.across();
    const int maxLead = std::max(1, static_cast<int>(s.leadIn * across));
    std::optional<int> start;
    for (int d0 = 0; d0 <= maxLead; ++d0) {
        if (judgeLine(lineValues(img, f, t, d0), tol, s.coverage).uniform) {
            start = d0;
            break;
        }
    }
    if (!start) return c;
    std::optional<float> previous;
    std::vector<float> levels;
    int d = *start;
    while (d < s.maxDepth * across) {
        const std::vector<float> values = lineValues(img, f, t, d);
        if (values.size() < 0.8 * f.length()) break;
        const LineVerdict v = judgeLine(values, tol, s.coverage);
        if (!v.uniform) break;
        if (previous && std::abs(v.level - *previous) > 2.0 * tol) break;
        previous = v.level;
        levels.push_back(v.level);
        ++d;
    }
    const int lines = d - *start;
    if (lines < 2) return c;
    // Scored by the depth reached at the middle of the side: the lines of a tilt start
    // `offset` pixels in there, so counting lines would favour 0 degrees over a tilted band.
    c.score = d + t.offset - 0.01 * std::abs(angle);
    c.depth = d + t.offset;
    c.start = *start;
    c.levels = levels;
    c.level = medianOf(levels);
    return c;
}

}  // namespace

const char* toString(ImageSide s) {
    switch (s) {
        case ImageSide::Left:
            return "left";
        case ImageSide::Right:
            return "right";
        case ImageSide::Top:
            return "top";
        case ImageSide::Bottom:
            return "bottom";
    }
    return "?";
}

BorderStrips BorderStripFinder::operator()(const FloatImage& img, const BorderStripSettings& s,
                                           const ExecutionPolicy& policy) const {
    if (img.width() < 8 || img.height() < 8) return (*this)(img, ValueRange{}, s, policy);
    return (*this)(img, robustRange(img, 0.005, 0.995, policy), s, policy);
}

BorderStrips BorderStripFinder::operator()(const FloatImage& img, const ValueRange& range,
                                           const BorderStripSettings& s,
                                           const ExecutionPolicy& policy) const {
    BorderStrips out;
    const int w = img.width(), h = img.height();
    out.mask = Mask(w, h, 0);
    if (w < 8 || h < 8) return out;
    const double tol = s.tolerance * std::max(range.high - range.low, 1e-6f);
    const int steps = static_cast<int>(std::floor(s.maxAngle / s.angleStep + 1e-9));
    const int angles = 2 * steps + 1;
    constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                              ImageSide::Bottom};
    std::vector<Candidate> found(static_cast<std::size_t>(4 * angles));
#pragma omp parallel for schedule(dynamic) num_threads(policy.threads) if (policy.parallel())
    for (int k = 0; k < 4 * angles; ++k) {
        const SideFrame f{kSides[static_cast<std::size_t>(k / angles)], w, h};
        const double angle = (k % angles - steps) * s.angleStep;
        found[static_cast<std::size_t>(k)] = searchTilt(img, f, angle, tol, s);
    }
    for (int side = 0; side < 4; ++side) {
        const Candidate* best = nullptr;
        for (int a = 0; a < angles; ++a) {  // fixed order: ties keep the first
            const Candidate& c = found[static_cast<std::size_t>(side * angles + a)];
            if (c.score < 0.0) continue;
            if (best == nullptr || c.score > best->score) best = &c;
        }
        if (best == nullptr) continue;
        const SideFrame f{kSides[static_cast<std::size_t>(side)], w, h};
        const Tilt t = tiltOf(best->angle, f.length());
        const int maxLead = std::max(1, static_cast<int>(s.leadIn * f.across()));
        // Per position along the side, the band reaches inwards only as far as its pixels keep
        // the level of their line: whatever touches the band from inside (a heel on a
        // platform, toes at a dark margin) stays out of it. Between the side and the first
        // line of a tilted band (a wedge up to twice the tilt's offset deep at one end), past
        // the lead-in, the pixels keep the first line's level: a shutter covers its side.
        Mask band(w, h, 0);
        int covering = 0;
        for (int u = 0; u < f.length(); ++u) {
            const double edge = best->depth + t.slope * (u - 0.5 * f.length());
            bool covers = true;
            for (int v = 0; v < f.across() && v < edge; ++v) {
                const auto [x, y] = f.pixel(u, v);
                // The line through this pixel, counted from the band's first uniform line.
                const double line = v - t.offset - t.slope * (u - 0.5 * f.length());
                const int k = static_cast<int>(std::lround(line)) - best->start;
                const bool wedge = line < -0.5 && v >= maxLead;
                const bool onLine = k >= 0 && k < static_cast<int>(best->levels.size());
                const float expected =
                    onLine ? best->levels[static_cast<std::size_t>(k)] : best->levels.front();
                if ((wedge || onLine) && std::abs(img.at(x, y) - expected) > 2.0 * tol) {
                    if (wedge) covers = false;
                    break;
                }
                band.at(x, y) = 1;
            }
            covering += covers ? 1 : 0;
        }
        // A straight bright bone along a side (a fibula at the edge of an ankle film) makes
        // uniform tilted lines too, but the tissue and background between it and the side
        // do not keep its level: a band must cover its side along `coverage` of its length.
        if (covering < s.coverage * f.length()) continue;
        out.strips.push_back({f.side, best->angle, best->depth, best->level});
        for (std::size_t i = 0; i < band.size(); ++i) out.mask.data()[i] |= band.data()[i];
    }
    return out;
}

}  // namespace xrayprep::processing
