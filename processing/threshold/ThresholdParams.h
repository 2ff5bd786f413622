#pragma once

namespace xrayprep::processing {

enum class ThresholdMethod { Valley, Otsu, Manual };

struct ThresholdParams {
    ThresholdMethod method = ThresholdMethod::Valley;
    int smoothBins = 1;             // centred moving average width over bins, 1 = none (odd)
    double minPeakFraction = 0.10;  // fraction of all pixels a peak must hold (valley)
    int manualValue = 0;            // stored value; pixels <= it become 0 (manual)
    bool operator==(const ThresholdParams&) const = default;
};

const char* toString(ThresholdMethod m);

}  // namespace xrayprep::processing
