#include "processing/quality/QualityReport.h"

#include <algorithm>

namespace xrayprep::processing {

bool QualityReport::needsReview() const {
    return std::any_of(checks.begin(), checks.end(),
                       [](const QualityCheck& c) { return !c.passed; });
}

std::vector<QualityCheck> QualityReport::failed() const {
    std::vector<QualityCheck> out;
    std::copy_if(checks.begin(), checks.end(), std::back_inserter(out),
                 [](const QualityCheck& c) { return !c.passed; });
    return out;
}

std::string QualityReport::failedSummary() const {
    std::string out;
    for (const QualityCheck& c : checks) {
        if (c.passed) continue;
        if (!out.empty()) out += "; ";
        out += c.id + " (" + c.message + ")";
    }
    return out;
}

const QualityCheck* QualityReport::find(const std::string& id) const {
    const auto it = std::find_if(checks.begin(), checks.end(),
                                 [&](const QualityCheck& c) { return c.id == id; });
    return it == checks.end() ? nullptr : &*it;
}

}  // namespace xrayprep::processing
