#include "processing/quality/StraightEdgeFinder.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <span>

#include "processing/quality/OutlineChainer.h"

namespace xrayprep::processing {
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

StraightEdge StraightEdgeFinder::operator()(const MaskRuns& runs, const StraightEdgeLimits& limits,
                                            const ExecutionPolicy& policy) const {
    const double maxSlope = std::tan(limits.maxAngleDegrees * std::numbers::pi / 180.0);
    // Compared in this order.
    constexpr OutlineSide kSides[] = {OutlineSide::Left, OutlineSide::Right, OutlineSide::Top,
                                      OutlineSide::Bottom};
    // Searched top and bottom first: their outline points are gathered pixel by pixel and
    // sorted by column, more work than a left or right side, so with two threads each takes
    // one of them before the short ones (dynamic schedule).
    constexpr int kSearchOrder[] = {2, 3, 0, 1};
    StraightEdge bestOf[4];
    // Four sides: a fifth thread would have nothing to do but be woken.
    const int threads = std::min(policy.threads, 4);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(dynamic, 1)
    for (int k = 0; k < 4; ++k) {
        const int s = kSearchOrder[k];
        const OutlineSide side = kSides[s];
        const bool vertical = side == OutlineSide::Left || side == OutlineSide::Right;
        const int along = vertical ? runs.height() : runs.width();
        if (along <= 0) continue;
        const double tolerance = vertical ? limits.toleranceX : limits.toleranceY;
        StraightEdge& best = bestOf[s];
        best.vertical = vertical;
        best.side = side;
        // Pixels within the tolerance on either side of a line may be 2 x tolerance apart.
        const OutlineChainer chainer(std::max(1, static_cast<int>(std::ceil(2.0 * tolerance))));
        const OutlineChains chains = chainer(outlinePoints(runs, side));
        for (std::size_t c = 0; c < chains.count(); ++c) {
            searchChain(chains.chain(c), chains.firstMajors[c], maxSlope, tolerance, best);
        }
        best.fraction = static_cast<double>(best.length) / along;
    }
    StraightEdge longest;
    for (StraightEdge& best : bestOf) {
        if (best.fraction > longest.fraction) longest = std::move(best);
    }
    return longest;
}

}  // namespace xrayprep::processing
