#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xrayprep::gpu::esf_converged {

// The multigrid pieces of the converged ESF solver (EsfConvergedSolver). Every level of the
// hierarchy is a symmetric 5-point operator stored as coefficients: d (diagonal; 0 marks a
// fixed cell, whose value stays 0), e (coupling to the east neighbour) and s (to the south
// neighbour), both <= 0. Level 0 is A of EsfSolver.h; level l+1 is the Galerkin product
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
    float* v;             // the level's correction after the post-smoothing
    float* vPre;          // after the pre-smoothing (another buffer: tiles read their halos)
    float* rhs;           // the level's right-hand side
    int width;
    int height;
};

// Levels from the first with at most this many cells down to the coarsest run in one block.
constexpr int kMaxTailLevels = 8;
// The coarsest level has at most this many cells (one block, shared memory).
constexpr int kCoarsestCells = 1024;

struct TailLevels {
    LevelView level[kMaxTailLevels];
    int count;
    float coarseWeight;
    int coarsestSweeps;
    int sweeps;  // symmetric sweeps before and after the coarse step on each tail level
};

void fineOperator(const std::uint8_t* shape, LevelView fine, cudaStream_t st);
void coarsen(LevelView fine, LevelView coarse, cudaStream_t st);

// One symmetric V-cycle is: for each level above the tail, down(); the tail; then up() from the
// coarsest of those levels back to level 0. Pre-smoothing is red then black, post-smoothing
// black then red, so the cycle is a symmetric operator and CG stays valid.
// down: from v = 0, `sweeps` (1 or 2) red-black sweeps on fine (into fine.vPre), then
// coarse.rhs = sum over the 2x2 children of (fine.rhs - A fine.vPre). One kernel.
void down(LevelView fine, LevelView coarse, int sweeps, cudaStream_t st);
// up: v = vPre + weight * coarse.v on the free cells, then `sweeps` black-red sweeps, into
// fine.v. With dotPartials (level 0), also the deterministic sum of rhs * v into
// scalars[dotSlot], the last block adding the partials (counter: 0 before, reset to 0 after).
void up(LevelView fine, LevelView coarse, int sweeps, float weight, double* dotPartials,
        unsigned* counter, double* scalars, int dotSlot, cudaStream_t st);
// The tail in one block of 1024 threads: V-cycle from tail.level[0] (rhs given, v = result)
// down to the coarsest (kCoarsestCells at most), solved by coarsestSweeps symmetric sweeps.
void tail(const TailLevels& tail, cudaStream_t st);
// Blocks (partials) the up() of a level of this size uses.
int upBlocks(int width, int height);

}  // namespace xrayprep::gpu::esf_converged
