#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/EsfConvergedKernels.h"
#include "gpu/cuda/EsfConvergedVectors.h"

namespace xrayprep::gpu {

// Converged ESF on the device: the system A v = b of processing/esf/EsfSolver.h solved by
// conjugate gradients preconditioned with one multigrid V-cycle (piecewise-constant 2x2
// aggregation with Galerkin coarse operators, red-black Gauss-Seidel sweeps each side,
// symmetric, so CG stays valid). x is kept in double, the CG vectors in float; the stopping
// test is the CPU's: the relative residual of the float32 field, in double, with deterministic
// reductions. A level costs one fused kernel each way; the small levels run in one block; the
// whole iteration loop, stopping test included, is one CUDA graph with a device-side while
// node (kept, with the hierarchy's buffers, while the size and pointers stay): one host
// synchronisation before the loop and one after.
class EsfConvergedSolver {
  public:
    struct Outcome {
        int iterations = 0;
        double relativeResidual = 0.0;
    };
    // The V-cycle's knobs (defaults measured best on the H200, see docs/PERFORMANCE.md).
    struct Tuning {
        int smoothingSweeps = 2;    // symmetric red-black sweeps each side of the coarse step
                                    // (1 or 2)
        float coarseWeight = 1.2f;  // scaling of the coarse step, in (0, 2)
        int coarsestSweeps = 4;     // symmetric sweeps on the coarsest level (<= 1024 cells)
        int tailCells = 2048;       // levels from the first this small run in one block
    };

    EsfConvergedSolver() = default;
    ~EsfConvergedSolver();
    EsfConvergedSolver(const EsfConvergedSolver&) = delete;
    EsfConvergedSolver& operator=(const EsfConvergedSolver&) = delete;

    void setTuning(const Tuning& tuning);
    // Whether the last solve ran its loop in a conditional graph node (else: a host loop).
    [[nodiscard]] bool deviceLoop() const { return conditional_; }

    // shape: 0/1 on the device (S = 1); field: width x height floats on the device (output).
    Outcome operator()(const std::uint8_t* shape, float* field, int width, int height, double rho,
                       double tolerance, int maxIterations, cudaStream_t stream);

    // Device time of each piece of one iteration on the hierarchy of the last solve, each piece
    // launched alone (no graph) kRepeats times; for docs/PERFORMANCE.md. Leaves the solver's
    // vectors in no particular state (the next solve starts afresh).
    struct StageTime {
        std::string name;
        double ms = 0.0;
    };
    std::vector<StageTime> profileIteration(cudaStream_t stream);

  private:
    struct Level {
        DeviceBuffer<float> d, e, s, v, vPre, rhs;
        DeviceBuffer<std::uint8_t> flags;  // level 0 only
        esf_converged::LevelView view{};
    };
    void allocate(int width, int height);
    // One level of the V-cycle each way (level 0 with 2 sweeps: the register-blocked kernels).
    void down(std::size_t level, cudaStream_t stream);
    void up(std::size_t level, cudaStream_t stream);
    void vCycle(cudaStream_t stream);
    // The work of one iteration: V-cycle, r.z, p, A p, update, check.
    void iteration(cudaGraphConditionalHandle loop, bool conditional, cudaStream_t stream);
    void makeGraph(cudaStream_t stream);
    void readBack(cudaStream_t stream);
    void dropGraph();

    Tuning tuning_;
    int builtWidth_ = 0;
    int builtHeight_ = 0;
    std::size_t tailStart_ = 0;

    // What the captured graph baked in.
    const std::uint8_t* shape_ = nullptr;
    float* field_ = nullptr;
    double diagonal_ = 0.0;
    cudaGraphExec_t graph_ = nullptr;
    bool conditional_ = false;

    std::vector<Level> levels_;
    DeviceBuffer<double> x_;
    DeviceBuffer<float> r_, z_, zPre_, p_, q_;
    DeviceBuffer<double> partials_;
    DeviceBuffer<double> scalars_;
    DeviceBuffer<unsigned> counter_;
    DeviceBuffer<esf_converged::Control> control_;
    double host_[esf_converged::kScalarCount] = {};
    esf_converged::Control hostControl_{};
};

}  // namespace xrayprep::gpu
