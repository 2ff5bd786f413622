#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace xrayprep::processing {

// Where the background's histogram peak ends: the histogram is smoothed (Gaussian, sigma 3
// bins); the darkest peak whose basin holds enough of the pixels is the background, and its
// foot is the first bin after the peak where the smoothed count falls to 10 % of the peak's, or
// a local minimum at most 60 % of the peak's, whichever comes first. Robust to a background
// that is a broad ramp and to one that is not the darkest thing in the image, unlike the first
// trough; values up to the foot are background. nullopt: no peak holds `minFraction`.
struct BackgroundFoot {
    int peakBin = 0;
    int footBin = 0;
};

[[nodiscard]] std::optional<BackgroundFoot> findBackgroundFoot(
    std::span<const std::uint64_t> counts, double minFraction = 0.03);

}  // namespace xrayprep::processing
