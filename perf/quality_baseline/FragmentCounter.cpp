// A copy of processing/quality/FragmentCounter.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/FragmentCounter.h"

#include <numeric>

namespace xrayprep::processing::baseline {
namespace {

class RunForest {
  public:
    explicit RunForest(std::size_t n) : parent_(n) {
        std::iota(parent_.begin(), parent_.end(), std::size_t{0});
    }
    std::size_t root(std::size_t i) {
        while (parent_[i] != i) {
            parent_[i] = parent_[parent_[i]];  // path halving
            i = parent_[i];
        }
        return i;
    }
    // The smaller index becomes the root, so a piece's root is its first run in raster order.
    void join(std::size_t a, std::size_t b) {
        a = root(a);
        b = root(b);
        if (a < b) {
            parent_[b] = a;
        } else if (b < a) {
            parent_[a] = b;
        }
    }

  private:
    std::vector<std::size_t> parent_;
};

}  // namespace

std::vector<std::int64_t> FragmentCounter::operator()(const MaskRuns& runs) const {
    RunForest forest(runs.runCount());
    for (int y = 1; y < runs.height(); ++y) {
        const auto above = runs.row(y - 1);
        const auto here = runs.row(y);
        const std::size_t aboveFirst = runs.firstRunOfRow(y - 1);
        const std::size_t hereFirst = runs.firstRunOfRow(y);
        // Pixels [b, e) and [b', e') are 8-adjacent across rows when b <= e' and b' <= e.
        std::size_t a = 0;
        for (std::size_t h = 0; h < here.size(); ++h) {
            while (a < above.size() && above[a].end < here[h].begin) ++a;
            for (std::size_t k = a; k < above.size() && above[k].begin <= here[h].end; ++k) {
                forest.join(aboveFirst + k, hereFirst + h);
            }
        }
    }
    std::vector<std::int64_t> areaOfRoot(runs.runCount(), 0);
    std::vector<std::int64_t> areas;
    for (int y = 0; y < runs.height(); ++y) {
        const auto row = runs.row(y);
        for (std::size_t i = 0; i < row.size(); ++i) {
            areaOfRoot[forest.root(runs.firstRunOfRow(y) + i)] += row[i].length();
        }
    }
    // Roots are each piece's first run, so scanning runs in order lists pieces in raster order.
    for (std::size_t i = 0; i < areaOfRoot.size(); ++i) {
        if (forest.root(i) == i) areas.push_back(areaOfRoot[i]);
    }
    return areas;
}

}  // namespace xrayprep::processing::baseline
