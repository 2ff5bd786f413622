#pragma once

#include <array>
#include <optional>

#include "processing/pipeline/StageId.h"

namespace xrayprep::ui {

// What the user can look at: the loaded image plus every pipeline stage's output. "Contour"
// shows the contours and the bone mask over the median, "Mask" the final image.
enum class ViewStage { Original = 0, Median, Threshold, Sobel, Contour, Mask, Esf };
constexpr int kViewStageCount = 7;
constexpr std::array<ViewStage, kViewStageCount> kAllViewStages = {
    ViewStage::Original, ViewStage::Median, ViewStage::Threshold, ViewStage::Sobel,
    ViewStage::Contour,  ViewStage::Mask,   ViewStage::Esf};

[[nodiscard]] constexpr int viewStageIndex(ViewStage s) { return static_cast<int>(s); }
// Title shown to users ("Original", "Median", "Threshold", "Sobel", "Contours", "Mask", "ESF").
[[nodiscard]] const char* viewStageTitle(ViewStage s);
// The pipeline stage behind a view (nullopt for Original).
[[nodiscard]] std::optional<processing::StageId> pipelineStage(ViewStage s);
[[nodiscard]] ViewStage viewStageOf(processing::StageId s);

}  // namespace xrayprep::ui
