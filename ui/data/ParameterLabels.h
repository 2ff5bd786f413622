#pragma once

#include <string>
#include <string_view>

#include "processing/pipeline/ParameterRegistry.h"

namespace xrayprep::ui {

// The label a parameter has in the parameter panel ("Window (mm)"); a parameter without one
// gets its key's name made readable ("someName" -> "Some name").
[[nodiscard]] std::string parameterLabel(std::string_view key);
// A parameter edit as the undo history names it: "Threshold method: valley → otsu".
[[nodiscard]] std::string parameterChangeText(const processing::ParameterDescriptor& d,
                                              const processing::Json& before,
                                              const processing::Json& after);

}  // namespace xrayprep::ui
