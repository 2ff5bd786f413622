// A copy of processing/quality/OutlinePoints.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/OutlinePoints.h"

#include <algorithm>
#include <utility>

namespace xrayprep::processing::baseline {
namespace {

// Calls f(x) for every pixel of `a` not covered by `b` (both sorted, disjoint runs).
template <typename F>
void forEachUncovered(std::span<const PixelRun> a, std::span<const PixelRun> b, F&& f) {
    std::size_t k = 0;
    for (const PixelRun& r : a) {
        int x = r.begin;
        while (k < b.size() && b[k].end <= x) ++k;
        for (std::size_t j = k; j < b.size() && b[j].begin < r.end && x < r.end; ++j) {
            for (; x < b[j].begin; ++x) f(x);
            x = std::max(x, b[j].end);
        }
        for (; x < r.end; ++x) f(x);
    }
}

OutlinePoints sideOfRows(const MaskRuns& runs, OutlineSide side) {
    OutlinePoints p;
    p.side = side;
    p.majorCount = runs.height();
    p.offsets.reserve(static_cast<std::size_t>(runs.height()) + 1);
    for (int y = 0; y < runs.height(); ++y) {
        p.offsets.push_back(p.minors.size());
        for (const PixelRun& r : runs.row(y)) {
            if (side == OutlineSide::Left && r.begin > 0) p.minors.push_back(r.begin);
            if (side == OutlineSide::Right && r.end < runs.width()) p.minors.push_back(r.end - 1);
        }
    }
    p.offsets.push_back(p.minors.size());
    return p;
}

// Top/Bottom pixels come row by row; a counting sort by column groups them, keeping the rows
// ascending within a column.
OutlinePoints sideOfColumns(const MaskRuns& runs, OutlineSide side) {
    std::vector<std::pair<int, int>> pixels;  // (x, y) in row order
    const int dy = side == OutlineSide::Top ? -1 : 1;
    for (int y = 0; y < runs.height(); ++y) {
        const int other = y + dy;
        if (other < 0 || other >= runs.height()) continue;
        forEachUncovered(runs.row(y), runs.row(other), [&](int x) { pixels.emplace_back(x, y); });
    }
    OutlinePoints p;
    p.side = side;
    p.majorCount = runs.width();
    p.offsets.assign(static_cast<std::size_t>(runs.width()) + 1, 0);
    for (const auto& [x, y] : pixels) ++p.offsets[static_cast<std::size_t>(x) + 1];
    for (std::size_t i = 1; i < p.offsets.size(); ++i) p.offsets[i] += p.offsets[i - 1];
    p.minors.resize(pixels.size());
    std::vector<std::size_t> next(p.offsets.begin(), p.offsets.end() - 1);
    for (const auto& [x, y] : pixels) p.minors[next[static_cast<std::size_t>(x)]++] = y;
    return p;
}

}  // namespace

OutlinePoints outlinePoints(const MaskRuns& runs, OutlineSide side) {
    return side == OutlineSide::Left || side == OutlineSide::Right ? sideOfRows(runs, side)
                                                                   : sideOfColumns(runs, side);
}

}  // namespace xrayprep::processing::baseline
