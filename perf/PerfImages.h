#pragma once

#include "processing/core/Image.h"

namespace xrayprep::perf {

// Test images of the benchmarks (reference size 2920 x 2320 unless given).
// Smooth, radiograph-like 12-bit data: broad blobs and waves plus mild Gaussian noise.
processing::Image smoothImage(int width = 2920, int height = 2320, unsigned seed = 2);
// Uniform random values over the whole bit depth: the worst case of histogram medians.
processing::Image randomImage(int bits, int width = 2920, int height = 2320, unsigned seed = 1);

}  // namespace xrayprep::perf
