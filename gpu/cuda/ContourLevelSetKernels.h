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

// The settings and the state of one solve, in device memory, so that the iterations can run
// as one captured graph whose kernels decide on the device when to stop (the host's stop test
// of ChanVeseLevelSet, evaluated by the total kernel after every iteration).
struct LevelSetControl {
    LevelSetConstants k{};
    long long stopCount = 0;  // at most this many sign changes ...
    double stopChange = 0.0;  // ... and a mean |change| near the zero level of at most this
    int stableIterations = 0;
    int maxIterations = 0;
    // State: iterations run, consecutive calm iterations, and whether the solve has stopped
    // (from then on a step only copies phi, so iterations queued after the stop change nothing).
    int iterations = 0;
    int stable = 0;
    int stopped = 0;
    double insideMean = 0.0, outsideMean = 0.0;  // the means used by the last iteration run
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
    LevelSetControl* control;
};

// Row sums of `after` (and, against `before`, the settling statistics), then their total and
// the new region means in total->c1/c2. before == after and counting == false for the initial
// means; with counting, the total kernel also counts the iteration and applies the stop test,
// and when it stops and `conditional` is set it sets the graph condition `loop` to 0.
void launchLevelSetTotals(const LevelSetBuffers& b, const float* before, const float* after, int w,
                          int h, bool counting, cudaGraphConditionalHandle loop, bool conditional,
                          cudaStream_t stream);
// One semi-implicit Jacobi step b.phi -> b.next with the means in b.total (a copy once stopped).
void launchLevelSetStep(const LevelSetBuffers& b, int w, int h, cudaStream_t stream);

}  // namespace xrayprep::gpu
