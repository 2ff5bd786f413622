#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "processing/core/Image.h"

namespace xrayprep::processing::test {

// Independent reference: sort the whole clamp-to-edge window of every pixel, take the middle.
inline Image bruteForceMedian(const Image& input, int size) {
    Image out = makeImageLike(input);
    const int r = size / 2;
    const int w = input.width();
    const int h = input.height();
    std::vector<std::uint16_t> window;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            window.clear();
            for (int dy = -r; dy <= r; ++dy) {
                for (int dx = -r; dx <= r; ++dx) {
                    window.push_back(
                        input.at(std::clamp(x + dx, 0, w - 1), std::clamp(y + dy, 0, h - 1)));
                }
            }
            std::sort(window.begin(), window.end());
            out.at(x, y) = window[window.size() / 2];
        }
    }
    return out;
}

// Uniform random values over the full range of `bits`.
inline Image randomImage(int width, int height, int bits, unsigned seed) {
    Image image(width, height, bits);
    std::mt19937 rng(seed);
    const std::uint32_t maxValue = (1u << bits) - 1u;
    for (auto& v : image.pixels()) v = static_cast<std::uint16_t>(rng() % (maxValue + 1u));
    return image;
}

}  // namespace xrayprep::processing::test
