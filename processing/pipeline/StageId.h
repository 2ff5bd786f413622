#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace xrayprep::processing {

// The pipeline's stages in run order.
enum class StageId { Median = 0, Threshold, Sobel, Contour, Mask, Esf };
constexpr int kStageCount = 6;
constexpr std::array<StageId, kStageCount> kAllStages = {StageId::Median, StageId::Threshold,
                                                         StageId::Sobel,  StageId::Contour,
                                                         StageId::Mask,   StageId::Esf};

[[nodiscard]] constexpr int stageIndex(StageId s) { return static_cast<int>(s); }
[[nodiscard]] const char* toString(StageId s);
[[nodiscard]] std::optional<StageId> stageFromString(std::string_view name);

}  // namespace xrayprep::processing
