#include "processing/contour/PlatformFinder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "processing/contour/SideLines.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {
namespace {

constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                          ImageSide::Bottom};

// The steps across the lines of one side, indexed [v * length + u]: the smoothed image just
// outside (towards the side) minus just inside, halved; positive where it is brighter towards
// the side. Every tilt reads the same steps.
std::vector<float> stepsAcross(const FloatImage& g, const SideFrame& f,
                               const ExecutionPolicy& policy) {
    const int length = f.length(), across = f.across();
    std::vector<float> steps(static_cast<std::size_t>(length) * across);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int v = 0; v < across; ++v) {
        const int a = std::max(0, v - 1), b = std::min(across - 1, v + 1);
        for (int u = 0; u < length; ++u) {
            const auto [xa, ya] = f.pixel(u, a);
            const auto [xb, yb] = f.pixel(u, b);
            steps[static_cast<std::size_t>(v) * length + u] = 0.5f * (g.at(xa, ya) - g.at(xb, yb));
        }
    }
    return steps;
}

// Lower quartile of the box-smoothed steps along line d at one tilt (-inf: no valid sample),
// taken over every stride-th position: the box average varies little within a quarter box.
float lineQuartile(const std::vector<float>& steps, const SideFrame& f, const LineTilt& t, int d,
                   int box, int stride, std::vector<float>& line, std::vector<char>& valid,
                   std::vector<float>& kept) {
    const int length = f.length(), across = f.across();
    line.assign(static_cast<std::size_t>(length), 0.0f);
    valid.assign(static_cast<std::size_t>(length), 0);
    const double v0 = t.offset + d - t.slope * 0.5 * length;
    for (int u = 0; u < length; ++u) {
        const int v = static_cast<int>(std::floor(v0 + t.slope * u + 0.5));
        if (v < 0 || v >= across) continue;
        line[static_cast<std::size_t>(u)] = steps[static_cast<std::size_t>(v) * length + u];
        valid[static_cast<std::size_t>(u)] = 1;
    }
    // Box average along the line, mirrored at its ends (invalid samples count as 0), as a
    // running sum over the mirrored line.
    const int half = box / 2;
    auto mirror = [length](int i) {
        while (i < 0 || i >= length) i = i < 0 ? -i - 1 : 2 * length - i - 1;
        return i;
    };
    kept.clear();
    double sum = 0.0;
    for (int k = -half; k < -half + box; ++k) sum += line[static_cast<std::size_t>(mirror(k))];
    for (int u = 0; u < length; ++u) {
        if (u % stride == 0 && valid[static_cast<std::size_t>(u)] != 0) {
            kept.push_back(static_cast<float>(sum / box));
        }
        sum += line[static_cast<std::size_t>(mirror(u - half + box))] -
               line[static_cast<std::size_t>(mirror(u - half))];
    }
    if (kept.empty()) return -std::numeric_limits<float>::infinity();
    return quantileOf(kept, 0.25);
}

// A platform runs from one end of the image to the other: the step is there at both ends of
// the line. The straight skin of a leg that runs down the image steps up towards the side as
// well over most of its length, but it ends where the foot does, short of the image's end.
bool stepReachesBothEnds(const std::vector<float>& steps, const SideFrame& f, const LineTilt& t,
                         double d, float minStep, double endFraction) {
    const int length = f.length(), across = f.across();
    const int span = std::max(1, static_cast<int>(endFraction * length));
    auto endHolds = [&](int from, int to) {
        int present = 0, valid = 0;
        for (int u = from; u < to; ++u) {
            const int v = static_cast<int>(std::floor(t.v(d, u, length) + 0.5));
            if (v < 0 || v >= across) continue;
            ++valid;
            present += steps[static_cast<std::size_t>(v) * length + u] >= minStep ? 1 : 0;
        }
        return valid > 0 && 2 * present >= valid;
    };
    return endHolds(0, span) && endHolds(length - span, length);
}

}  // namespace

Platforms PlatformFinder::operator()(const FloatImage& img, const PlatformSettings& s,
                                     const ExecutionPolicy& policy) const {
    const int w = img.width(), h = img.height();
    Platforms out;
    out.mask = Mask(w, h, 0);
    if (w < 8 || h < 8) return out;
    const ValueRange range = robustRange(img, 0.005, 0.995);
    const float spread = std::max(range.high - range.low, 1e-6f);
    const FloatImage g = GaussianBlur{}(img, s.smoothMm / s.workingMm, policy);
    const int box = std::max(3, static_cast<int>(std::lround(s.alongMm / s.workingMm)));
    const int stride = std::max(1, box / 4);
    const int steps = static_cast<int>(std::floor(s.maxAngle / s.angleStep + 1e-9));
    const int angles = 2 * steps + 1;
    for (const ImageSide side : kSides) {
        const SideFrame f{side, w, h};
        const int depths = static_cast<int>(s.maxDepth * f.across());
        if (depths < 3) continue;
        const std::vector<float> across = stepsAcross(g, f, policy);
        // q[a][d]: the lower quartile of the step along line d at tilt a.
        std::vector<float> q(static_cast<std::size_t>(angles) * depths);
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
        {
            std::vector<float> line, kept;
            std::vector<char> valid;
#pragma omp for schedule(static)
            for (int k = 0; k < angles * depths; ++k) {
                const int a = k / depths, d = k % depths;
                const LineTilt t = LineTilt::of((a - steps) * s.angleStep, f.length());
                q[static_cast<std::size_t>(k)] =
                    lineQuartile(across, f, t, d, box, stride, line, valid, kept);
            }
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
            if (stepReachesBothEnds(across, f, LineTilt::of(a, f.length()), d,
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
