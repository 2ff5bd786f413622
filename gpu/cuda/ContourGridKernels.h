#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>

namespace xrayprep::gpu {

// The active contour's reductions to its working grid (processing::WorkingGrid) on the device,
// bit for bit: blocks of factor x factor full-resolution pixels, smaller at the right and
// bottom edges; one working pixel per thread.
// out = mean of the block (integer sum, then float(double(sum) / double(count))).
void launchBlockMean(const std::uint16_t* full, int fullWidth, int fullHeight, int factor,
                     float* out, cudaStream_t stream);
// out = mean of |a - b| over the block (integer sum, then float(double(sum) / double(count))).
void launchBlockMeanAbsDifference(const std::uint16_t* a, const std::uint16_t* b, int fullWidth,
                                  int fullHeight, int factor, float* out, cudaStream_t stream);
// out = 1 where more than half of the block's pixels are > level.
void launchBlockMajorityAbove(const std::uint16_t* full, int fullWidth, int fullHeight, int factor,
                              std::uint16_t level, std::uint8_t* out, cudaStream_t stream);

// processing::readInsideRims on a working image of the device, in place: depth per side in the
// order of processing::ImageSide (Left, Right, Top, Bottom).
void launchReadInsideRims(float* image, int width, int height, const std::array<int, 4>& depth,
                          cudaStream_t stream);

}  // namespace xrayprep::gpu
