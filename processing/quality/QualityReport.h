#pragma once

#include <string>
#include <vector>

namespace xrayprep::processing {

// One plausibility check of a mask. `value` is what was measured and `limit` the bound it was
// held against (for a range, the bound it crossed, or the nearer one when it passed), in the
// check's own unit (a fraction, or a count for fragments). The message says what was found in
// plain words for a clinician.
struct QualityCheck {
    std::string id;  // "empty", "whole-anatomy", "border", "straight-edge", "fraction", "fragments"
    bool passed = true;
    double value = 0.0;
    double limit = 0.0;
    std::string message;
    bool operator==(const QualityCheck&) const = default;
};

// Every check of one mask, in a fixed order. An input whose report has a failed check needs a
// person to look at it.
struct QualityReport {
    std::vector<QualityCheck> checks;
    // The straight-edge check's tolerance in pixels, across a vertical edge (x) and across a
    // horizontal one (y): straightTolerance, or straightToleranceMm converted with the spacing
    // when that is more. Kept so that a report can say what a parameter in mm became.
    double straightToleranceX = 0.0;
    double straightToleranceY = 0.0;

    [[nodiscard]] bool needsReview() const;
    [[nodiscard]] std::vector<QualityCheck> failed() const;
    // "whole-anatomy (mask covers 96 % of the anatomy); border (...)": the failed checks, or
    // an empty string when none failed.
    [[nodiscard]] std::string failedSummary() const;
    [[nodiscard]] const QualityCheck* find(const std::string& id) const;
    bool operator==(const QualityReport&) const = default;
};

}  // namespace xrayprep::processing
