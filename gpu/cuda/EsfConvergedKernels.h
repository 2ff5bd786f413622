#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace xrayprep::gpu::esf_converged {

// Device pieces of the converged ESF solver (EsfConvergedSolver). Every level of the
// multigrid hierarchy is a symmetric 5-point operator stored as coefficients: d (diagonal; 0
// marks a fixed cell, whose value stays 0), e (coupling to the east neighbour) and s (to the
// south neighbour), both <= 0. Level 0 is A of EsfSolver.h; level l+1 is the Galerkin product
// P^T A_l P of piecewise-constant aggregation over 2x2 cells (P injects a coarse value into
// the free children), which stays a 5-point stencil.
// Level 0 stores no coefficients: `flags` (bit 0 free, bit 1 east link, bit 2 south link) and
// `diagonal` give them, a byte per pixel read instead of 12 (the level is bandwidth bound).
struct LevelView {
    float* d;
    float* e;
    float* s;
    std::uint8_t* flags;  // non-null on level 0 only
    float diagonal;       // level 0: 4 + 1/rho^2
    float* v;             // the level's correction
    float* rhs;           // the level's right-hand side
    int width;
    int height;
};

// Scalars the PCG keeps on the device (double), indices into one array.
enum Scalar { kRz, kPq, kRr, kRzNext, kTrue, kB2, kScalarCount };

// Fixed reduction shape: partial sums per block of a fixed grid, then one block adds them in a
// fixed order, so every sum is deterministic.
constexpr int kReduceBlocks = 2048;  // ~16 per multiprocessor: enough loads in flight

void fineOperator(const std::uint8_t* shape, LevelView fine, double diagonal, cudaStream_t st);
void coarsen(LevelView fine, LevelView coarse, cudaStream_t st);
// One red (colour 0) or black (colour 1) Gauss-Seidel half-sweep on v.
void smooth(LevelView l, int colour, cudaStream_t st);
// coarse.rhs = sum over the free children of (fine.rhs - A fine.v); coarse.v = 0.
void restrictResidual(LevelView fine, LevelView coarse, cudaStream_t st);
// fine.v += weight * coarse.v on the free cells.
void prolongAdd(LevelView fine, LevelView coarse, float weight, cudaStream_t st);
// Coarsest level (at most 1024 cells): v = 0, then `sweeps` symmetric red-black sweeps in one
// block.
void coarsestSolve(LevelView l, int sweeps, cudaStream_t st);

// PCG vectors on level 0 (n = width * height). partials: kReduceBlocks doubles.
// q = A p; partials of p.q, summed into scalars[kPq].
void applyAndDot(LevelView fine, const float* p, float* q, double* partials, double* scalars,
                 cudaStream_t st);
// scalars[slot] = deterministic a.b.
void dot(const float* a, const float* b, std::size_t n, double* partials, double* scalars, int slot,
         cudaStream_t st);
// alpha = rz / pq: x += alpha p, r -= alpha q, scalars[kRr] = r.r.
void update(double* x, float* r, const float* p, const float* q, std::size_t n, double* partials,
            double* scalars, cudaStream_t st);
// p = z + beta p with beta = rzNext / rz (0 when restart), then rz = rzNext.
void direction(float* p, const float* z, std::size_t n, double* scalars, bool restart,
               cudaStream_t st);
// x = 1 on S, 0 elsewhere; scalars[kB2] = ||b||^2.
void initialise(const std::uint8_t* shape, double* x, int width, int height, double* partials,
                double* scalars, cudaStream_t st);
// field = float(x); scalars[kTrue] = ||b - A field||^2 of the float field (EsfResidual's
// definition, in double); with residualOfX, also r = float(b - A x) from the double x.
void trueResidual(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                  int height, double diagonal, bool residualOfX, double* partials, double* scalars,
                  cudaStream_t st);

}  // namespace xrayprep::gpu::esf_converged
