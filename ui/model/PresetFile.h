#pragma once

#include <QString>

#include "processing/pipeline/PipelineParameters.h"

namespace xrayprep::ui {

// Preset files: the JSON document `xrayprep-cli run --preset` reads (processing::presetJson).
// Both return an error message naming the file and the problem, or an empty string.

// Atomic: written to a temporary file in the same folder, then renamed over `path`.
[[nodiscard]] QString savePresetFile(const QString& path,
                                     const processing::PipelineParameters& parameters);
// Applies the preset on top of `parameters`; leaves them unchanged on error.
[[nodiscard]] QString loadPresetFile(const QString& path,
                                     processing::PipelineParameters& parameters);

}  // namespace xrayprep::ui
