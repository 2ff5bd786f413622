#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu {

// Converged ESF on the device: the system A v = b of processing/esf/EsfSolver.h solved by
// conjugate gradients preconditioned with one multigrid V-cycle (piecewise-constant 2x2
// aggregation with Galerkin coarse operators, red-black Gauss-Seidel smoothing, symmetric, so
// CG stays valid). x is kept in double, the CG vectors in float; the stopping test is the CPU's:
// the relative residual of the float32 field, in double, with deterministic reductions. One
// host synchronisation per iteration (the recursive residual estimate); the work of an
// iteration is one CUDA graph, kept (with the hierarchy's buffers) while the size stays.
class EsfConvergedSolver {
  public:
    struct Outcome {
        int iterations = 0;
        double relativeResidual = 0.0;
    };
    // The V-cycle's knobs (defaults measured best on the H200, see docs/PERFORMANCE.md).
    struct Tuning {
        int smoothingSweeps = 1;    // symmetric red-black sweeps before and after the coarse step
        float coarseWeight = 1.2f;  // scaling of the coarse step, in (0, 2)
        int coarsestSweeps = 40;    // symmetric sweeps on the coarsest level (<= 1024 cells)
    };

    EsfConvergedSolver() = default;
    ~EsfConvergedSolver();
    EsfConvergedSolver(const EsfConvergedSolver&) = delete;
    EsfConvergedSolver& operator=(const EsfConvergedSolver&) = delete;

    void setTuning(const Tuning& tuning);

    // shape: 0/1 on the device (S = 1); field: width x height floats on the device (output).
    Outcome operator()(const std::uint8_t* shape, float* field, int width, int height, double rho,
                       double tolerance, int maxIterations, cudaStream_t stream);

  private:
    struct Level {
        DeviceBuffer<float> d, e, s, v, rhs;
        DeviceBuffer<std::uint8_t> flags;  // level 0 only
        esf_converged::LevelView view{};
    };
    void build(const std::uint8_t* shape, int width, int height, double diagonal,
               cudaStream_t stream);
    // z = V-cycle(r) on level 0 (level 0's v and rhs point at z and r).
    void vCycle(cudaStream_t stream);
    void readScalars(cudaStream_t stream);
    // The work between two residual checks when CG goes on: V-cycle, r.z, p, A p, update.
    void step(bool restart, cudaStream_t stream);
    void dropGraph();

    Tuning tuning_;
    int builtWidth_ = 0;
    int builtHeight_ = 0;
    cudaGraphExec_t graph_ = nullptr;

    std::vector<Level> levels_;
    DeviceBuffer<double> x_;
    DeviceBuffer<float> r_, z_, p_, q_;
    DeviceBuffer<double> partials_;
    DeviceBuffer<double> scalars_;
    double host_[esf_converged::kScalarCount] = {};
};

}  // namespace xrayprep::gpu
