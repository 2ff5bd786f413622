#include "processing/threshold/ThresholdSelector.h"

#include <algorithm>
#include <stdexcept>

#include "processing/core/BackgroundFoot.h"
#include "processing/core/OtsuSplit.h"

namespace xrayprep::processing {
namespace {

void validate(const ThresholdParams& p, std::uint16_t maxValue) {
    if (p.smoothBins < 1 || p.smoothBins > 63 || p.smoothBins % 2 == 0) {
        throw std::invalid_argument("threshold.smoothBins must be odd and in 1..63, got " +
                                    std::to_string(p.smoothBins));
    }
    if (!(p.minPeakFraction > 0.0 && p.minPeakFraction < 1.0)) {
        throw std::invalid_argument("threshold.minPeakFraction must be in (0, 1), got " +
                                    std::to_string(p.minPeakFraction));
    }
    if (p.method == ThresholdMethod::Manual && (p.manualValue < 0 || p.manualValue > maxValue)) {
        throw std::invalid_argument("threshold.value must be in 0.." + std::to_string(maxValue) +
                                    ", got " + std::to_string(p.manualValue));
    }
}

// Centred moving average; near the ends the window is cut to the bins that exist.
std::vector<double> smooth(const Histogram& h, int width) {
    std::vector<double> out(kHistogramBins);
    const int half = width / 2;
    for (int b = 0; b < kHistogramBins; ++b) {
        const int lo = std::max(0, b - half);
        const int hi = std::min(kHistogramBins - 1, b + half);
        double sum = 0.0;
        for (int i = lo; i <= hi; ++i) sum += static_cast<double>(h.counts[i]);
        out[b] = sum / static_cast<double>(hi - lo + 1);
    }
    return out;
}

// Troughs h[b-1] > h[b] <= h[b+1] for b = 1..254 with the pixel fraction accumulated since
// the previous trough (the trough bin counts towards the peak on its left).
void findTroughs(const Histogram& h, ThresholdResult& r) {
    const double total = static_cast<double>(std::max<std::uint64_t>(1, h.total()));
    std::uint64_t accumulated = h.counts[0];
    int peak = 0;
    for (int b = 1; b <= kHistogramBins - 2; ++b) {
        accumulated += h.counts[b];
        if (r.smoothed[b] > r.smoothed[peak]) peak = b;
        if (r.smoothed[b - 1] > r.smoothed[b] && r.smoothed[b] <= r.smoothed[b + 1]) {
            r.troughs.push_back(b);
            r.troughFractions.push_back(static_cast<double>(accumulated) / total);
            r.peaks.push_back(peak);
            accumulated = 0;
            peak = b + 1;
        }
    }
    // The peak after the last trough.
    for (int b = peak; b < kHistogramBins; ++b) {
        if (r.smoothed[b] > r.smoothed[peak]) peak = b;
    }
    if (peak < kHistogramBins && r.smoothed[peak] > 0.0) r.peaks.push_back(peak);
}

}  // namespace

int otsuBin(const Histogram& h) {
    std::vector<double> counts(kHistogramBins), sums(kHistogramBins);
    for (int b = 0; b < kHistogramBins; ++b) {
        counts[b] = static_cast<double>(h.counts[b]);
        sums[b] = static_cast<double>(b) * counts[b];
    }
    return otsuSplit(counts, sums).bin;
}

ThresholdResult ThresholdSelector::operator()(const Histogram& h, const ThresholdParams& p) const {
    validate(p, h.maxValue);
    ThresholdResult r;
    r.requested = p.method;
    r.used = p.method;
    r.smoothed = smooth(h, p.smoothBins);
    findTroughs(h, r);
    if (!r.troughs.empty()) {
        r.backgroundBin = r.troughs.front();
        r.backgroundValue = lastValueOfBin(r.backgroundBin, h.maxValue);
    }

    switch (p.method) {
        case ThresholdMethod::Background: {
            const std::vector<std::uint64_t> counts(h.counts.begin(), h.counts.end());
            if (const auto foot = findBackgroundFoot(counts)) {
                r.bin = foot->footBin;
                r.value = lastValueOfBin(r.bin, h.maxValue);
                r.note = "background peak at bin " + std::to_string(foot->peakBin) +
                         ", its foot at bin " + std::to_string(r.bin);
                return r;
            }
            r.fallbackUsed = true;
            r.used = ThresholdMethod::Otsu;
            r.note = "background: no histogram peak holds 3 % of the pixels; fell back to Otsu";
            r.bin = otsuBin(h);
            r.value = lastValueOfBin(r.bin, h.maxValue);
            return r;
        }
        case ThresholdMethod::Manual:
            r.value = static_cast<std::uint16_t>(p.manualValue);
            r.bin = histogramBin(r.value, h.maxValue);
            r.note = "manual value " + std::to_string(p.manualValue);
            return r;
        case ThresholdMethod::Valley:
            for (std::size_t i = 1; i < r.troughs.size(); ++i) {
                if (r.troughFractions[i] >= p.minPeakFraction) {
                    r.bin = r.troughs[i];
                    r.value = lastValueOfBin(r.bin, h.maxValue);
                    r.note = "trough " + std::to_string(i + 1) + " of " +
                             std::to_string(r.troughs.size()) + " at bin " + std::to_string(r.bin);
                    return r;
                }
            }
            r.fallbackUsed = true;
            r.used = ThresholdMethod::Otsu;
            r.note = "valley: no trough after the first holds a peak of >= " +
                     std::to_string(p.minPeakFraction) + " of the pixels (" +
                     std::to_string(r.troughs.size()) + " troughs); fell back to Otsu";
            [[fallthrough]];
        case ThresholdMethod::Otsu:
            r.bin = otsuBin(h);
            r.value = lastValueOfBin(r.bin, h.maxValue);
            if (r.note.empty()) r.note = "otsu at bin " + std::to_string(r.bin);
            return r;
    }
    return r;
}

}  // namespace xrayprep::processing
