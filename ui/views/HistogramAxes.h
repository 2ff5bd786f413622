#pragma once

#include <QRectF>
#include <QString>
#include <cstdint>
#include <vector>

namespace xrayprep::ui {

// Mapping between a 256-bin histogram (SPEC §3.2, bin(v) = v * 256 / (maxValue + 1)) and a
// plot rectangle. Bin b spans [b, b + 1) on the bin axis; a stored value v sits at
// v * 256 / (maxValue + 1). The threshold line of value t ("values <= t become 0") is drawn
// at the start of value t + 1.
struct HistogramAxes {
    QRectF plot;
    std::uint16_t maxValue = 4095;
    double yMax = 1.0;  // count at the top of the plot (linear) or its log10(1 + count)
    bool logScale = false;

    [[nodiscard]] double xOfBin(double binPosition) const;
    [[nodiscard]] double binAtX(double x) const;
    [[nodiscard]] double xOfValue(double value) const;
    [[nodiscard]] double yOfCount(double count) const;  // clamped to the plot
    [[nodiscard]] double thresholdX(std::uint16_t value) const { return xOfValue(value + 1.0); }
    // The threshold a drag to x means: snapped to the nearest bin boundary n (1..255), i.e.
    // the last value of bin n - 1.
    [[nodiscard]] std::uint16_t thresholdValueAtX(double x) const;
    // The bin under x (0..255), or -1 outside the plot.
    [[nodiscard]] int binUnder(double x) const;
};

[[nodiscard]] std::uint16_t firstValueOfBin(int bin, std::uint16_t maxValue);
// A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `range`.
[[nodiscard]] double niceStep(double range, int ticks);
// Tick positions in [0, range] (multiples of niceStep).
[[nodiscard]] std::vector<double> niceTicks(double range, int ticks);
// "950", "12k", "1.2M".
[[nodiscard]] QString compactCount(double count);

}  // namespace xrayprep::ui
