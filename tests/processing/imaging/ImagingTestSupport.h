#pragma once

// Random inputs, size lists and thread counts shared by the imaging tests.

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing::test {

// Sizes that reach every border case: one pixel, one row, one column, odd and even sizes; and
// one large enough (37 x 29) that the fast interior paths of the primitives (spans that need no
// clamping) run beside the clamped borders.
inline const std::vector<std::pair<int, int>>& edgeCaseSizes() {
    static const std::vector<std::pair<int, int>> sizes{
        {1, 1}, {1, 9}, {13, 1}, {2, 3}, {7, 5}, {16, 16}, {23, 11}, {10, 31}, {37, 29}};
    return sizes;
}

// Thread counts compared with the serial schedule (more threads than rows included).
inline const std::vector<int>& parallelThreadCounts() {
    static const std::vector<int> counts{2, 4};
    return counts;
}

inline std::string sizeName(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

inline Mask randomBinaryMask(int w, int h, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    Mask m(w, h, 0);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

// Uniform random values in [low, high).
inline FloatImage randomImage(int w, int h, std::uint32_t seed, float low = 0.0f,
                              float high = 1000.0f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(low, high);
    FloatImage img(w, h);
    for (auto& v : img.pixels()) v = value(rng);
    return img;
}

// Random integer values 0..levels-1: plateaus and ties on purpose.
inline FloatImage randomLevels(int w, int h, int levels, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> value(0, levels - 1);
    FloatImage img(w, h);
    for (auto& v : img.pixels()) v = static_cast<float>(value(rng));
    return img;
}

}  // namespace xrayprep::processing::test
