// A copy of processing/quality/OutlineChainer.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "perf/quality_baseline/OutlinePoints.h"

namespace xrayprep::processing::baseline {

// Runs of outline pixels of one side, one pixel per consecutive major coordinate, whose minor
// coordinate moves by at most `maxStep` pixels per step: the traces of edges that run along the
// major axis (steep edges break into chains of one pixel). Stored flat: a noisy mask has
// hundreds of thousands of chains, which must not cost an allocation each.
struct OutlineChains {
    std::vector<int> firstMajors;      // per chain: the major coordinate of its first pixel
    std::vector<std::size_t> offsets;  // count() + 1; chain i is minors[offsets[i], offsets[i+1])
    std::vector<int> minors;           // chain by chain, in major order

    [[nodiscard]] std::size_t count() const { return firstMajors.size(); }
    [[nodiscard]] std::span<const int> chain(std::size_t i) const {
        return {minors.data() + offsets[i], offsets[i + 1] - offsets[i]};
    }
};

// Links the outline pixels of one side into chains, group by group: a pixel continues the
// chain whose last pixel (in the previous group) is nearest, within maxStep pixels, and not
// taken by another; ties go to the lower minor. A maxStep above one lets a ragged but straight
// edge (teeth of a few pixels, as a fine pixel spacing gives) stay one chain. Deterministic.
class OutlineChainer {
  public:
    explicit OutlineChainer(int maxStep = 1) : maxStep_(maxStep) {}
    [[nodiscard]] OutlineChains operator()(const OutlinePoints& points) const;

  private:
    int maxStep_;
};

}  // namespace xrayprep::processing::baseline
