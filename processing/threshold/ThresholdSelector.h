#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdParams.h"

namespace xrayprep::processing {

// The chosen threshold and what the histogram analysis saw (for reports and plots).
struct ThresholdResult {
    ThresholdMethod requested = ThresholdMethod::Valley;
    ThresholdMethod used = ThresholdMethod::Valley;
    bool fallbackUsed = false;            // valley found no qualifying trough, Otsu was used
    int bin = 0;                          // pixels whose bin is <= bin become 0
    std::uint16_t value = 0;              // stored values <= value become 0
    std::vector<double> smoothed;         // the histogram the troughs were found on
    std::vector<int> troughs;             // bins, ascending
    std::vector<double> troughFractions;  // fraction of all pixels since the previous trough
    std::vector<int> peaks;               // highest bin between consecutive troughs
    // First trough: values <= backgroundValue are background; above it is anatomy.
    int backgroundBin = -1;
    std::uint16_t backgroundValue = 0;
    std::string note;  // human-readable explanation (fallback reason, etc.)
};

// Picks the threshold from a 256-bin histogram (SPEC §3.2).
class ThresholdSelector {
  public:
    [[nodiscard]] ThresholdResult operator()(const Histogram& histogram,
                                             const ThresholdParams& params) const;
};

// Otsu's threshold bin on a 256-bin histogram: class 0 is bins <= the returned bin.
[[nodiscard]] int otsuBin(const Histogram& histogram);

}  // namespace xrayprep::processing
