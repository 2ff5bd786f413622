#include "ui/views/HistogramAxes.h"

#include <algorithm>
#include <cmath>

#include "processing/threshold/Histogram.h"

namespace xrayprep::ui {

namespace {

constexpr double kBins = processing::kHistogramBins;

}  // namespace

double HistogramAxes::xOfBin(double binPosition) const {
    return plot.left() + binPosition / kBins * plot.width();
}

double HistogramAxes::binAtX(double x) const { return (x - plot.left()) / plot.width() * kBins; }

double HistogramAxes::xOfValue(double value) const {
    return xOfBin(value * kBins / (static_cast<double>(maxValue) + 1.0));
}

double HistogramAxes::yOfCount(double count) const {
    const double v = logScale ? std::log10(1.0 + std::max(0.0, count)) : count;
    const double f = yMax > 0.0 ? std::clamp(v / yMax, 0.0, 1.0) : 0.0;
    return plot.bottom() - f * plot.height();
}

std::uint16_t HistogramAxes::thresholdValueAtX(double x) const {
    const int boundary = std::clamp(static_cast<int>(std::lround(binAtX(x))), 1, 255);
    return processing::lastValueOfBin(boundary - 1, maxValue);
}

int HistogramAxes::binUnder(double x) const {
    if (x < plot.left() || x >= plot.right()) return -1;
    return std::clamp(static_cast<int>(std::floor(binAtX(x))), 0, 255);
}

std::uint16_t firstValueOfBin(int bin, std::uint16_t maxValue) {
    if (bin <= 0) return 0;
    return static_cast<std::uint16_t>(processing::lastValueOfBin(bin - 1, maxValue) + 1u);
}

double niceStep(double range, int ticks) {
    if (!(range > 0.0) || ticks < 1) return 1.0;
    const double raw = range / ticks;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * power >= raw) return m * power;
    }
    return 10.0 * power;
}

std::vector<double> niceTicks(double range, int ticks) {
    std::vector<double> out;
    const double step = niceStep(range, ticks);
    for (double t = 0.0; t <= range * (1.0 + 1e-9); t += step) out.push_back(t);
    return out;
}

QString compactCount(double count) {
    if (count >= 1e6) return QStringLiteral("%1M").arg(count / 1e6, 0, 'g', 3);
    if (count >= 1e3) return QStringLiteral("%1k").arg(count / 1e3, 0, 'g', 3);
    return QString::number(count, 'g', 3);
}

}  // namespace xrayprep::ui
