#pragma once

#include <cuda_runtime_api.h>

#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu::esf_converged {

// down() and up() of EsfConvergedKernels.h for level 0 with 2 sweeps each side, register
// blocked as the explicit ESF kernel (EsfKernels.cu): each thread keeps a column strip of 16
// cells (v, rhs, the free bits) in registers, and only v goes through shared memory, for the
// left and right neighbours. Level 0's operator needs no coefficients: a neighbour's v is 0 on S
// and outside the image, so the off-diagonal sum is minus the sum of the neighbours' v, and the
// diagonal is 4 + 1/rho^2 less the out-of-image neighbours. Same results as down()/up() up to
// float rounding (the update multiplies by the inverse diagonal, like the CPU's smoother).
void downFine(LevelView fine, LevelView coarse, cudaStream_t st);
// up() with the deterministic sum of rhs * v into scalars[dotSlot] (counter 0 before and after).
void upFine(LevelView fine, LevelView coarse, float weight, double* dotPartials, unsigned* counter,
            double* scalars, int dotSlot, cudaStream_t st);
// Blocks (partials) upFine() uses on a level of this size.
int fineBlocks(int width, int height);

}  // namespace xrayprep::gpu::esf_converged
