// A copy of processing/quality/StraightEdgeFinder.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/StraightEdgeFinder.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <span>

#include "perf/quality_baseline/OutlineChainer.h"

namespace xrayprep::processing::baseline {
namespace {

// Length of the longest straight stretch of `minors` that starts at `start`.
int stretchFrom(std::span<const int> minors, std::size_t start, double maxSlope, double tolerance) {
    double lo = -maxSlope;
    double hi = maxSlope;
    const int origin = minors[start];
    std::size_t k = start + 1;
    for (; k < minors.size(); ++k) {
        const double d = static_cast<double>(k - start);
        const double offset = minors[k] - origin;
        lo = std::max(lo, (offset - tolerance) / d);
        hi = std::min(hi, (offset + tolerance) / d);
        if (lo > hi) break;
    }
    return static_cast<int>(k - start);
}

// Updates `best` with a longer stretch of the chain, if it has one.
void searchChain(std::span<const int> minors, int firstMajor, double maxSlope, double tolerance,
                 StraightEdge& best) {
    std::size_t start = 0;
    while (start < minors.size() && static_cast<int>(minors.size() - start) > best.length) {
        const int length = stretchFrom(minors, start, maxSlope, tolerance);
        if (length > best.length) {
            best.length = length;
            best.firstMajor = firstMajor + static_cast<int>(start);
            best.firstMinor = minors[start];
            best.minors.assign(minors.begin() + static_cast<std::ptrdiff_t>(start),
                               minors.begin() + static_cast<std::ptrdiff_t>(start) + length);
        }
        start += static_cast<std::size_t>(std::max(1, length / 32));
    }
}

}  // namespace

StraightEdge StraightEdgeFinder::operator()(const MaskRuns& runs,
                                            const StraightEdgeLimits& limits) const {
    const double maxSlope = std::tan(limits.maxAngleDegrees * std::numbers::pi / 180.0);
    StraightEdge longest;
    for (const OutlineSide side :
         {OutlineSide::Left, OutlineSide::Right, OutlineSide::Top, OutlineSide::Bottom}) {
        const bool vertical = side == OutlineSide::Left || side == OutlineSide::Right;
        const int along = vertical ? runs.height() : runs.width();
        if (along <= 0) continue;
        const double tolerance = vertical ? limits.toleranceX : limits.toleranceY;
        StraightEdge best;
        best.vertical = vertical;
        best.side = side;
        // Pixels within the tolerance on either side of a line may be 2 x tolerance apart.
        const OutlineChainer chainer(std::max(1, static_cast<int>(std::ceil(2.0 * tolerance))));
        const OutlineChains chains = chainer(outlinePoints(runs, side));
        for (std::size_t c = 0; c < chains.count(); ++c) {
            searchChain(chains.chain(c), chains.firstMajors[c], maxSlope, tolerance, best);
        }
        best.fraction = static_cast<double>(best.length) / along;
        if (best.fraction > longest.fraction) longest = best;
    }
    return longest;
}

}  // namespace xrayprep::processing::baseline
