#pragma once

#include <QString>
#include <cstdint>
#include <optional>

#include "processing/pipeline/StageId.h"
#include "ui/data/TimingData.h"

namespace xrayprep::ui {

// How the timing views write numbers: fixed decimals so columns line up.
[[nodiscard]] QString formatMs(double ms);                    // "523.412"
[[nodiscard]] QString formatSpeedup(double factor);           // "3.42×"
[[nodiscard]] QString formatCount(std::uint64_t count);       // "6,774,400" (locale grouping)
[[nodiscard]] QString formatCountShort(std::uint64_t count);  // "6.77 M", "48.2 k", "1000"
[[nodiscard]] QString formatDifference(double difference);    // "0", "0.125", "3.20e-06"
[[nodiscard]] QString stageTitle(processing::StageId stage);  // "Median", "Contours", "ESF"
[[nodiscard]] QString missingValueText();                     // "—"

// serialMs / ms when both are known and ms > 0.
[[nodiscard]] std::optional<double> speedupOf(std::optional<double> serialMs,
                                              std::optional<double> ms);
// Serial's total over this run's total, both summed over the stages both runs timed (so a
// cancelled or partial run is not flattered); nullopt when they share no timed stage.
[[nodiscard]] std::optional<double> totalSpeedupOf(const RunTiming& serial, const RunTiming& run);

}  // namespace xrayprep::ui
