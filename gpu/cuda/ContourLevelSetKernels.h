#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace xrayprep::gpu {

// Per-iteration totals of the chan-vese level set on the device, summed in a fixed order (the
// same on every run): the region sums of the new phi and the settling statistics.
struct LevelSetTotals {
    double inside = 0.0, outside = 0.0;
    long long insideCount = 0, outsideCount = 0;
    long long changes = 0, nearCount = 0;
    double nearChange = 0.0;
    float c1 = 0.0f, c2 = 0.0f;  // region means for the next iteration
};

struct LevelSetConstants {
    float lambda1, lambda2, mu, deltaScale, eps2, eta2;
};

// Device buffers of one level-set run over a w x h grid (row-major, no padding).
struct LevelSetBuffers {
    const float* image;
    const std::uint8_t* domain;
    float* phi;
    float* next;
    float* cx;              // 1/|grad phi| on the forward x edge of each pixel
    float* cy;              // on the forward y edge
    LevelSetTotals* rows;   // h per-row partials
    LevelSetTotals* total;  // one
};

// Row sums of `after` (and, against `before`, the settling statistics), then their total and
// the new region means in total->c1/c2. before == after for the initial means.
void launchLevelSetTotals(const LevelSetBuffers& b, const float* before, const float* after, int w,
                          int h, cudaStream_t stream);
// One semi-implicit Jacobi step b.phi -> b.next with the means in b.total.
void launchLevelSetStep(const LevelSetBuffers& b, const LevelSetConstants& k, int w, int h,
                        cudaStream_t stream);

}  // namespace xrayprep::gpu
