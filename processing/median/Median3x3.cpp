#include "processing/median/Median3x3.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define XRAYPREP_MEDIAN3_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define XRAYPREP_MEDIAN3_CLONES
#endif

namespace xrayprep::processing {

namespace {

using Pixel = std::uint16_t;

inline Pixel min3(Pixel a, Pixel b, Pixel c) { return std::min(std::min(a, b), c); }
inline Pixel max3(Pixel a, Pixel b, Pixel c) { return std::max(std::max(a, b), c); }
inline Pixel median3(Pixel a, Pixel b, Pixel c) {
    return std::max(std::min(a, b), std::min(std::max(a, b), c));
}

// Column-sorts three rows into lows/middles/highs, padded by one replicated column on each
// side (index i holds image column i - 1), then takes the medians of one output row.
XRAYPREP_MEDIAN3_CLONES void filterRow(const Pixel* __restrict above, const Pixel* __restrict row,
                                       const Pixel* __restrict below, int width,
                                       Pixel* __restrict low, Pixel* __restrict middle,
                                       Pixel* __restrict high, Pixel* __restrict out) {
    for (int x = 0; x < width; ++x) {
        const Pixel a = above[x];
        const Pixel b = row[x];
        const Pixel c = below[x];
        low[x + 1] = min3(a, b, c);
        middle[x + 1] = median3(a, b, c);
        high[x + 1] = max3(a, b, c);
    }
    low[0] = low[1];
    middle[0] = middle[1];
    high[0] = high[1];
    low[width + 1] = low[width];
    middle[width + 1] = middle[width];
    high[width + 1] = high[width];
    for (int x = 0; x < width; ++x) {
        const Pixel maxLow = max3(low[x], low[x + 1], low[x + 2]);
        const Pixel midMiddle = median3(middle[x], middle[x + 1], middle[x + 2]);
        const Pixel minHigh = min3(high[x], high[x + 1], high[x + 2]);
        out[x] = median3(maxLow, midMiddle, minHigh);
    }
}

}  // namespace

void Median3x3::filterRows(const Image& input, int y0, int y1, Image& output) const {
    const int width = input.width();
    const int height = input.height();
    const auto padded = static_cast<std::size_t>(width) + 2;
    std::vector<Pixel> low(padded);
    std::vector<Pixel> middle(padded);
    std::vector<Pixel> high(padded);
    for (int y = y0; y < y1; ++y) {
        filterRow(input.row(std::max(y - 1, 0)), input.row(y),
                  input.row(std::min(y + 1, height - 1)), width, low.data(), middle.data(),
                  high.data(), output.row(y));
    }
}

}  // namespace xrayprep::processing
