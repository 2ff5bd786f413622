#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "processing/pipeline/PipelineParameters.h"
#include "processing/pipeline/StageId.h"
#include "processing/util/Json.h"

namespace xrayprep::processing {

enum class ParameterKind { Integer, Real, Choice };

// One user-settable parameter: its SPEC name ("median.size"), range, unit and help text, and
// how to read and write it. The command line (--set, presets), the report and the GUI's
// parameter panel all work from this one table.
struct ParameterDescriptor {
    std::string key;
    StageId stage = StageId::Median;
    ParameterKind kind = ParameterKind::Integer;
    double minimum = 0.0;
    double maximum = 0.0;
    std::vector<std::string> choices;  // for Choice
    std::string unit;
    std::string help;
    std::function<Json(const PipelineParameters&)> get;
    // Validates (range, integer, choice, oddness) and throws std::invalid_argument naming the
    // key and the value.
    std::function<void(PipelineParameters&, const Json&)> set;
};

[[nodiscard]] const std::vector<ParameterDescriptor>& parameterDescriptors();
[[nodiscard]] const ParameterDescriptor* findParameter(std::string_view key);

// "--set KEY=VALUE": VALUE is a number or a choice name.
void setParameterFromText(PipelineParameters& params, std::string_view assignment);
// Flat object {"median.size": 19, ...} with every parameter.
[[nodiscard]] Json parametersToJson(const PipelineParameters& params);
// Applies a preset: {"parameters": {...}} or a bare object; keys flat ("median.size") or
// nested ({"median": {"size": 19}}). Unknown keys throw.
void applyParametersJson(PipelineParameters& params, const Json& preset);
// Reads a preset file's text: the CLI's --preset and the application's Load Preset. Throws
// std::runtime_error ("JSON parse error at line L, column C: ...") when it is not JSON and
// std::invalid_argument naming the key when a value is wrong (a string for a number, ...).
void applyPresetText(PipelineParameters& params, const std::string& text);
// A preset document as written by the application and read by `--preset`.
[[nodiscard]] Json presetJson(const PipelineParameters& params);

}  // namespace xrayprep::processing
