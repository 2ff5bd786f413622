#include "ui/panels/ParameterApplicability.h"

#include <algorithm>
#include <utility>

#include "processing/pipeline/ParameterRegistry.h"

namespace xrayprep::ui {
namespace {

struct Rule {
    std::vector<std::string> keys;
    ParameterCondition condition;
};

// Which method reads which parameter (see ThresholdSelector, SnakeMethod, ChanVeseMethod,
// EsfSolver). threshold.smoothBins is unconditional: the background trough it shapes feeds the
// anatomy filter whatever the method.
const std::vector<Rule>& rules() {
    static const std::vector<Rule> all = {
        {{"threshold.minPeakFraction"}, {"threshold.method", {"valley"}}},
        {{"contour.anatomyOpenMm", "contour.stripTolerance", "contour.platformStep",
          "contour.backgroundCeiling", "contour.skinMm", "contour.soleMm", "contour.plantarMm",
          "contour.edgeLevelSigmaMm", "contour.enclosureMm", "contour.levelSigmaMm",
          "contour.boneLevel", "contour.fillLevel", "contour.bandMm", "contour.closeMm",
          "contour.holeMaxMm2"},
         {"contour.method", {"regions"}}},
        {{"threshold.value"}, {"threshold.method", {"manual"}}},
        {{"contour.alpha", "contour.beta", "contour.gamma", "contour.kappa", "contour.balloon",
          "contour.pointSpacing", "contour.epsilon", "contour.maxIterations", "contour.gvfMu",
          "contour.gvfIterations"},
         {"contour.method", {"snake"}}},
        {{"contour.cvMu", "contour.cvLambda1", "contour.cvLambda2", "contour.cvDt",
          "contour.cvIterations"},
         {"contour.method", {"chan-vese"}}},
        {{"esf.dt", "esf.iterations"}, {"esf.mode", {"explicit"}}},
        {{"esf.tolerance"}, {"esf.mode", {"converged"}}},
    };
    return all;
}

}  // namespace

std::optional<ParameterCondition> conditionFor(std::string_view key) {
    for (const auto& rule : rules()) {
        if (std::find(rule.keys.begin(), rule.keys.end(), key) != rule.keys.end()) {
            return rule.condition;
        }
    }
    return std::nullopt;
}

bool parameterApplies(std::string_view key, const processing::PipelineParameters& params) {
    const auto condition = conditionFor(key);
    if (!condition) return true;
    const processing::ParameterDescriptor* control =
        processing::findParameter(condition->controllingKey);
    if (!control) return true;  // a renamed key must not hide an editor for good
    const processing::Json value = control->get(params);
    if (!value.is_string()) return true;
    const auto& values = condition->values;
    return std::find(values.begin(), values.end(), value.get<std::string>()) != values.end();
}

std::vector<std::string> conditionalKeys() {
    std::vector<std::string> keys;
    for (const auto& rule : rules()) keys.insert(keys.end(), rule.keys.begin(), rule.keys.end());
    return keys;
}

}  // namespace xrayprep::ui
