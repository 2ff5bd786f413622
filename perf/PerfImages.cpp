#include "perf/PerfImages.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace xrayprep::perf {

processing::Image smoothImage(int width, int height, unsigned seed) {
    processing::Image image(width, height, 12);
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, 20.0);
    const double cx = 0.48 * width, cy = 0.47 * height, sigma = 0.17 * width;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double dx = x - cx, dy = y - cy;
            double v = 800 + 0.3 * x + 1200 * std::exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
            v += 600 * std::sin(x / 150.0) * std::cos(y / 230.0) + noise(rng);
            image.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, 4095.0));
        }
    }
    return image;
}

processing::Image randomImage(int bits, int width, int height, unsigned seed) {
    processing::Image image(width, height, bits);
    std::mt19937 rng(seed);
    const std::uint32_t values = 1u << bits;
    for (auto& v : image.pixels()) v = static_cast<std::uint16_t>(rng() % values);
    return image;
}

}  // namespace xrayprep::perf
