#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "processing/pipeline/PipelineParameters.h"

namespace xrayprep::ui {

// A parameter that only matters for some values of a choice parameter of its stage, e.g.
// contour.cvMu only for contour.method = chan-vese. The descriptors do not say this (yet), so
// the panel keeps the rule here, next to the keys it names; a test checks every key and value
// against the descriptors.
struct ParameterCondition {
    std::string controllingKey;       // a Choice parameter, e.g. "contour.method"
    std::vector<std::string> values;  // the choices under which the parameter applies
};

// nullopt: the parameter always applies.
[[nodiscard]] std::optional<ParameterCondition> conditionFor(std::string_view key);
// Whether the parameter matters for these parameters (true for unconditional ones).
[[nodiscard]] bool parameterApplies(std::string_view key,
                                    const processing::PipelineParameters& params);
// Every key that has a condition (for tests).
[[nodiscard]] std::vector<std::string> conditionalKeys();

}  // namespace xrayprep::ui
