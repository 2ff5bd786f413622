// A copy of processing/quality/EdgeContrast.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/EdgeContrast.h"

#include <algorithm>
#include <vector>

namespace xrayprep::processing::baseline {
namespace {

// The q-quantile of `v` (reorders it).
double quantile(std::vector<double>& v, double q) {
    const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

}  // namespace

std::optional<double> straightEdgeContrast(const StraightEdge& edge, const Image& image,
                                           const Mask& anatomy, int depth) {
    const int w = image.width(), h = image.height();
    if (edge.minors.empty() || w == 0 || h == 0) return std::nullopt;
    std::vector<double> range;
    const bool withAnatomy = anatomy.width() == w && anatomy.height() == h;
    for (int y = 0; y < h; y += 4) {
        for (int x = 0; x < w; x += 4) {
            if (!withAnatomy || anatomy.at(x, y) != 0) range.push_back(image.at(x, y));
        }
    }
    if (range.size() < 2) return std::nullopt;
    const double low = quantile(range, 0.05), high = quantile(range, 0.95);
    if (!(high > low)) return std::nullopt;
    // Outward: towards smaller columns on a left edge, larger on a right one; rows likewise.
    const int outward = edge.side == OutlineSide::Left || edge.side == OutlineSide::Top ? -1 : 1;
    std::vector<double> steps;
    steps.reserve(edge.minors.size());
    for (std::size_t k = 0; k < edge.minors.size(); ++k) {
        const int major = edge.firstMajor + static_cast<int>(k);
        const int in = edge.minors[k] - outward * depth, out = edge.minors[k] + outward * depth;
        const int limit = edge.vertical ? w : h;
        if (in < 0 || in >= limit || out < 0 || out >= limit) continue;
        const int majorLimit = edge.vertical ? h : w;
        if (major < 0 || major >= majorLimit) continue;
        const double inside = edge.vertical ? image.at(in, major) : image.at(major, in);
        const double outside = edge.vertical ? image.at(out, major) : image.at(major, out);
        steps.push_back(inside - outside);
    }
    if (steps.empty()) return std::nullopt;
    return quantile(steps, 0.5) / (high - low);
}

}  // namespace xrayprep::processing::baseline
