#include "processing/quality/MaskMeasures.h"

#include <algorithm>
#include <stdexcept>

#include "processing/quality/FragmentCounter.h"
#include "processing/quality/MaskRuns.h"

namespace xrayprep::processing {
namespace {

// Pixels set in both: the overlap of the two rows' runs, row by row (sorted, disjoint runs
// in each), so the cost is per run, not per pixel: a few thousand steps for a bone mask, less
// than waking the threads would cost.
std::int64_t overlapArea(const MaskRuns& a, const MaskRuns& b) {
    std::int64_t count = 0;
    for (int y = 0; y < a.height(); ++y) {
        const auto ra = a.row(y);
        const auto rb = b.row(y);
        std::size_t j = 0;
        for (const PixelRun& r : ra) {
            while (j < rb.size() && rb[j].end <= r.begin) ++j;
            for (std::size_t k = j; k < rb.size() && rb[k].begin < r.end; ++k) {
                count += std::min(r.end, rb[k].end) - std::max(r.begin, rb[k].begin);
            }
        }
    }
    return count;
}

int longestRun(std::span<const PixelRun> row) {
    int longest = 0;
    for (const PixelRun& r : row) longest = std::max(longest, r.length());
    return longest;
}

// Longest stretch of consecutive rows whose runs start at column 0 (atLeft) or end at the
// last column.
int longestColumnRun(const MaskRuns& runs, bool atLeft) {
    int longest = 0;
    int current = 0;
    for (int y = 0; y < runs.height(); ++y) {
        const auto row = runs.row(y);
        const bool set =
            !row.empty() && (atLeft ? row.front().begin == 0 : row.back().end == runs.width());
        current = set ? current + 1 : 0;
        longest = std::max(longest, current);
    }
    return longest;
}

BorderRun borderRun(const MaskRuns& runs) {
    BorderRun best;
    if (runs.width() == 0 || runs.height() == 0) return best;
    const struct {
        const char* edge;
        int length;
        int side;
    } edges[] = {
        {"top", longestRun(runs.row(0)), runs.width()},
        {"bottom", longestRun(runs.row(runs.height() - 1)), runs.width()},
        {"left", longestColumnRun(runs, true), runs.height()},
        {"right", longestColumnRun(runs, false), runs.height()},
    };
    for (const auto& e : edges) {
        const double fraction = static_cast<double>(e.length) / e.side;
        if (e.length > 0 && fraction > best.fraction) best = {e.edge, e.length, fraction};
    }
    return best;
}

double toleranceAcross(const QualityParams& p, const std::optional<PixelSpacing>& spacing,
                       bool acrossColumns) {
    if (!spacing) return p.straightTolerance;
    const double mm = acrossColumns ? spacing->x : spacing->y;
    return mm > 0 ? std::max(p.straightTolerance, p.straightToleranceMm / mm) : p.straightTolerance;
}

}  // namespace

void requireAnatomySize(const Mask& anatomy, int width, int height) {
    if (!anatomy.empty() && !anatomy.sameSize(width, height)) {
        throw std::invalid_argument("quality checks: the anatomy is " +
                                    std::to_string(anatomy.width()) + "x" +
                                    std::to_string(anatomy.height()) + ", the image " +
                                    std::to_string(width) + "x" + std::to_string(height));
    }
}

MaskMeasures measureMask(const Mask& mask, const Mask& anatomy, int width, int height,
                         const std::optional<PixelSpacing>& spacing, const QualityParams& params,
                         const ExecutionPolicy& policy) {
    requireAnatomySize(anatomy, width, height);
    const auto [maskRuns, anatomyRuns] = MaskRuns::readPair(mask, anatomy, width, height, policy);
    return measureMask(maskRuns, anatomyRuns, spacing, params, policy);
}

MaskMeasures measureMask(const MaskRuns& runs, const MaskRuns& anatomy,
                         const std::optional<PixelSpacing>& spacing, const QualityParams& params,
                         const ExecutionPolicy& policy) {
    if (anatomy.width() != runs.width() || anatomy.height() != runs.height()) {
        throw std::invalid_argument("quality checks: the anatomy's runs are of another size");
    }
    MaskMeasures m;
    m.imagePixels = static_cast<std::int64_t>(runs.width()) * runs.height();
    m.maskPixels = runs.area();
    m.anatomyPixels = anatomy.area();
    m.maskInAnatomy = overlapArea(runs, anatomy);
    m.border = borderRun(runs);
    m.straightLimits = {params.straightAngle, toleranceAcross(params, spacing, true),
                        toleranceAcross(params, spacing, false)};
    m.straight = StraightEdgeFinder{}(runs, m.straightLimits, policy);
    m.fragmentAreas = FragmentCounter{}(runs);
    return m;
}

}  // namespace xrayprep::processing
