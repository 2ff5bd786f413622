#pragma once

namespace xrayprep::processing {

enum class ThresholdMethod { Background, Valley, Otsu, Manual };

struct ThresholdParams {
    // background (default): only the background goes (its histogram peak and its foot, see
    // BackgroundFoot); the contour stage separates bone from soft tissue. The source study's
    // valley rule often lands inside the limb on real films (a cropped DP foot: T = 178 of 255
    // cut the bones into fragments) and stays available as `valley`.
    ThresholdMethod method = ThresholdMethod::Background;
    int smoothBins = 1;             // centred moving average width over bins, 1 = none (odd)
    double minPeakFraction = 0.10;  // fraction of all pixels a peak must hold (valley)
    int manualValue = 0;            // stored value; pixels <= it become 0 (manual)
    bool operator==(const ThresholdParams&) const = default;
};

const char* toString(ThresholdMethod m);

}  // namespace xrayprep::processing
