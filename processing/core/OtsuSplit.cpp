#include "processing/core/OtsuSplit.h"

namespace xrayprep::processing {

OtsuSplit otsuSplit(std::span<const double> counts, std::span<const double> sums) {
    double total = 0.0;
    double sumAll = 0.0;
    for (std::size_t b = 0; b < counts.size(); ++b) {
        total += counts[b];
        sumAll += sums[b];
    }
    OtsuSplit out;
    double w0 = 0.0;
    double sum0 = 0.0;
    double best = -1.0;
    for (std::size_t b = 0; b + 1 < counts.size(); ++b) {
        w0 += counts[b];
        sum0 += sums[b];
        const double w1 = total - w0;
        if (w0 <= 0.0 || w1 <= 0.0) continue;
        const double m0 = sum0 / w0;
        const double m1 = (sumAll - sum0) / w1;
        const double between = w0 * w1 * (m0 - m1) * (m0 - m1);
        if (between > best) {  // strict: the first of equal splits wins
            best = between;
            out = {static_cast<int>(b), m0, m1, true};
        }
    }
    return out;
}

}  // namespace xrayprep::processing
