#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu::esf_converged {

// The PCG vectors of the converged ESF solver on level 0 and its stopping logic, on the device
// so that a whole solve runs without host round trips (EsfConvergedSolver).

// Scalars the PCG keeps on the device (double), indices into one array.
enum Scalar { kRz, kRzNext, kPq, kRr, kTrue, kB2, kScalarCount };

// The stopping state of ConvergedEsfSolver.cpp's loop, updated by the kernels: the true
// residual of the float field is evaluated once the recursive estimate is below checkBelow, and
// at least every kRecheck iterations after the first check; r is then replaced and CG restarts;
// a check that gains less than 2x on the previous one means float32 rounding is the limit.
struct Control {
    double bNorm;
    double tolerance;
    double checkBelow;
    double lastTrue;
    double relative;  // of the last check
    int iterations;
    int maxIterations;
    int lastCheck;
    int check;    // the last iteration evaluates the true residual
    int restart;  // the next direction restarts (beta = 0)
    int running;  // the loop goes on (also the graph's while condition)
};
constexpr int kRecheck = 5;

// Fixed reduction shape for the vector kernels: partial sums per block of a fixed grid, added
// by the last block in a fixed order, so every sum is deterministic.
constexpr int kReduceBlocks = 2048;  // ~16 per multiprocessor: enough loads in flight

// applyAndDot: rows per thread, and the blocks (partials) it uses on a level of this size.
// 16 rows: 41 us for A p + p.q at 2920 x 2320 on the H200, against 52 us with 4.
constexpr int kApplyRows = 16;
int applyBlocks(int width, int height);

// Where a reduction keeps its block partials (kReduceBlocks at least), its counter (0 between
// launches) and its result.
struct Reduction {
    double* partials;
    unsigned* counter;
    double* scalars;
};

// x = 1 on S, 0 elsewhere; scalars[kB2] = ||b||^2.
void initialise(const std::uint8_t* shape, double* x, int width, int height, Reduction red,
                cudaStream_t st);
// field = float(x); scalars[kTrue] = ||b - A field||^2 of the float field (EsfResidual's
// definition, in double); with residualOfX, also r = float(b - A x) from the double x.
void trueResidual(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                  int height, double diagonal, bool residualOfX, Reduction red, cudaStream_t st);
// The check of an iteration: when control->check is set, trueResidual with residualOfX and the
// decision (stop, or replace r and restart); otherwise only the iteration limit. Sets
// control->running and, when `conditional`, the graph's while condition `loop`.
void checkIteration(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                    int height, double diagonal, Reduction red, Control* control,
                    cudaGraphConditionalHandle loop, bool conditional, cudaStream_t st);
// p = z + beta p with beta = rzNext / rz, or 0 after a restart.
void direction(float* p, const float* z, std::size_t n, const double* scalars,
               const Control* control, cudaStream_t st);
// scalars[slot] = a.b (level 0 inside the tail: up() does not run there).
void dot(const float* a, const float* b, std::size_t n, Reduction red, int slot, cudaStream_t st);
// q = A p; scalars[kPq] = p.q.
void applyAndDot(LevelView fine, const float* p, float* q, Reduction red, cudaStream_t st);
// alpha = rzNext / pq: x += alpha p, r -= alpha q, scalars[kRr] = r.r; rz = rzNext; counts the
// iteration and decides whether it checks the true residual.
void update(double* x, float* r, const float* p, const float* q, std::size_t n, Reduction red,
            Control* control, cudaStream_t st);

}  // namespace xrayprep::gpu::esf_converged
