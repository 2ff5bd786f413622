// A copy of processing/quality/MaskMeasures.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/MaskMeasures.h"

#include <algorithm>
#include <stdexcept>

#include "perf/quality_baseline/FragmentCounter.h"
#include "perf/quality_baseline/MaskRuns.h"

namespace xrayprep::processing::baseline {
namespace {

std::int64_t countSet(const std::uint8_t* p, std::size_t n) {
    std::int64_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += p[i] != 0;
    return count;
}

std::int64_t overlapWith(const Mask& anatomy, const MaskRuns& runs) {
    if (anatomy.empty()) return 0;
    std::int64_t count = 0;
    for (int y = 0; y < runs.height(); ++y) {
        for (const PixelRun& r : runs.row(y)) {
            count += countSet(anatomy.row(y) + r.begin, static_cast<std::size_t>(r.length()));
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

MaskMeasures measureMask(const Mask& mask, const Mask& anatomy, int width, int height,
                         const std::optional<PixelSpacing>& spacing, const QualityParams& params) {
    if (!anatomy.empty() && !anatomy.sameSize(width, height)) {
        throw std::invalid_argument("quality checks: the anatomy is " +
                                    std::to_string(anatomy.width()) + "x" +
                                    std::to_string(anatomy.height()) + ", the image " +
                                    std::to_string(width) + "x" + std::to_string(height));
    }
    const MaskRuns runs(mask, width, height);
    MaskMeasures m;
    m.imagePixels = static_cast<std::int64_t>(width) * height;
    m.maskPixels = runs.area();
    m.anatomyPixels = countSet(anatomy.data(), anatomy.size());
    m.maskInAnatomy = overlapWith(anatomy, runs);
    m.border = borderRun(runs);
    m.straightLimits = {params.straightAngle, toleranceAcross(params, spacing, true),
                        toleranceAcross(params, spacing, false)};
    m.straight = StraightEdgeFinder{}(runs, m.straightLimits);
    m.fragmentAreas = FragmentCounter{}(runs);
    return m;
}

}  // namespace xrayprep::processing::baseline
