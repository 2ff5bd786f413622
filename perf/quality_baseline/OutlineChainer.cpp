// A copy of processing/quality/OutlineChainer.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/OutlineChainer.h"

#include <cstdlib>

namespace xrayprep::processing::baseline {

OutlineChains OutlineChainer::operator()(const OutlinePoints& points) const {
    OutlineChains chains;
    // First the chain of every pixel, then the pixels chain by chain (a counting sort).
    std::vector<std::size_t> chainOf(points.minors.size());
    std::vector<std::size_t> lengths;
    // Chains that reached the previous group: (minor of their last pixel, chain index), in
    // ascending minor because each group's minors ascend.
    struct Open {
        int minor;
        std::size_t chain;
    };
    std::vector<Open> open;
    std::vector<Open> next;
    std::vector<char> taken;
    for (int m = 0; m < points.majorCount; ++m) {
        next.clear();
        taken.assign(open.size(), 0);
        std::size_t first = 0;  // open chains below minor - maxStep match no later pixel
        for (std::size_t i = points.offsets[static_cast<std::size_t>(m)];
             i < points.offsets[static_cast<std::size_t>(m) + 1]; ++i) {
            const int minor = points.minors[i];
            while (first < open.size() && open[first].minor < minor - maxStep_) ++first;
            std::size_t best = open.size();
            for (std::size_t k = first; k < open.size() && open[k].minor <= minor + maxStep_; ++k) {
                if (taken[k]) continue;
                if (best == open.size() ||
                    std::abs(open[k].minor - minor) < std::abs(open[best].minor - minor)) {
                    best = k;
                }
            }
            std::size_t chain = 0;
            if (best < open.size()) {
                taken[best] = 1;
                chain = open[best].chain;
            } else {
                chain = lengths.size();
                lengths.push_back(0);
                chains.firstMajors.push_back(m);
            }
            chainOf[i] = chain;
            ++lengths[chain];
            next.push_back({minor, chain});
        }
        open.swap(next);
    }
    chains.offsets.assign(lengths.size() + 1, 0);
    for (std::size_t c = 0; c < lengths.size(); ++c) {
        chains.offsets[c + 1] = chains.offsets[c] + lengths[c];
    }
    chains.minors.resize(points.minors.size());
    std::vector<std::size_t> fill(chains.offsets.begin(), chains.offsets.end() - 1);
    for (std::size_t i = 0; i < points.minors.size(); ++i) {
        chains.minors[fill[chainOf[i]]++] = points.minors[i];
    }
    return chains;
}

}  // namespace xrayprep::processing::baseline
