#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace xrayprep::gpu {

// Device side of the explicit Edge Strength Function, following the CPU definition of
// processing/esf/EsfSolver.h and ExplicitEsfRow.h step for step (float32, the same order of
// additions, no FMA contraction, values below 2^-100 flushed to 0), so the field equals the
// serial CPU field bit for bit.

// shape = mask pixels with a 4-neighbour inside the image that is not in the mask (boundary),
// or every mask pixel (wholeMask); 0/1.
void launchEsfShapePixels(const std::uint8_t* mask, std::uint8_t* shape, int width, int height,
                          bool wholeMask, cudaStream_t stream);

// field = 1 on the shape pixels, 0 elsewhere.
void launchEsfInitialField(const std::uint8_t* shape, float* field, std::size_t count,
                           cudaStream_t stream);

// Advances the field in `a` by `iterations` explicit steps, ping-ponging between a and b with
// a temporally blocked kernel (several steps per pass in shared memory). Returns a or b,
// whichever holds the result. `a` must hold an initial field (launchEsfInitialField): regions
// that are still all zero are skipped, which relies on the field growing from step to step.
// stepsPerPass 0: the default (7, the fastest measured on the H200).
float* runExplicitEsf(float* a, float* b, const std::uint8_t* shape, int width, int height,
                      int iterations, float keep, float dt, cudaStream_t stream,
                      int stepsPerPass = 0);

// Per row y: rowSums[y] = sum over the free pixels of r_i^2 and rowSums[height + y] = sum of
// b_i^2, in double, with r = (sum of the 4 neighbours, out-of-image ones replaced by v_i) -
// diagonal * v_i and b_i = number of in-image 4-neighbours in S (EsfResidual's definition).
// The host adds the rows in order; the result is deterministic.
void launchEsfResidualRows(const std::uint8_t* shape, const float* field, int width, int height,
                           double diagonal, double* rowSums, cudaStream_t stream);

}  // namespace xrayprep::gpu
