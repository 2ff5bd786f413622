#include "gpu/cuda/EsfConvergedFine.h"
#include "gpu/cuda/EsfConvergedSolver.h"
#include "gpu/cuda/WhileLoopGraph.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

namespace k = esf_converged;

EsfConvergedSolver::~EsfConvergedSolver() { dropGraph(); }

void EsfConvergedSolver::dropGraph() {
    if (graph_ != nullptr) cudaGraphExecDestroy(graph_);
    graph_ = nullptr;
}

void EsfConvergedSolver::setTuning(const Tuning& tuning) {
    // A weight in (0, 2) keeps the two-grid step an A-norm contraction, so the preconditioner
    // stays SPD. Over-correction (Braess 1995's remedy for piecewise-constant prolongation)
    // measured worse here: at 2920 x 2320, 0.8 / 1.0 / 1.2 / 1.6 / 1.9 took 37 / 24 / 22 / 37 / 55
    // iterations (one sweep each side, unfused cycle); with the fused cycle (2 sweeps each side,
    // 4 coarsest sweeps) 1.0 / 1.2 / 1.4 took 18 / 13 / 17.
    if (tuning.smoothingSweeps < 1 || tuning.smoothingSweeps > 2 || tuning.coarsestSweeps < 1 ||
        tuning.tailCells < 1 || !(tuning.coarseWeight > 0.0f) || !(tuning.coarseWeight < 2.0f)) {
        throw std::invalid_argument("EsfConvergedSolver: tuning out of range");
    }
    tuning_ = tuning;
    dropGraph();
    builtWidth_ = 0;  // the tail's start depends on the tuning: rebuild the hierarchy
}

void EsfConvergedSolver::allocate(int width, int height) {
    if (width == builtWidth_ && height == builtHeight_) return;
    dropGraph();
    levels_.clear();
    builtWidth_ = width;
    builtHeight_ = height;
    const std::size_t n = static_cast<std::size_t>(width) * height;
    x_.reserve(n);
    r_.reserve(n);
    z_.reserve(n);
    zPre_.reserve(n);
    p_.reserve(n);
    q_.reserve(n);
    int w = width;
    int h = height;
    for (bool more = true; more;) {
        Level& l = levels_.emplace_back();
        const std::size_t cells = static_cast<std::size_t>(w) * h;
        if (levels_.size() == 1) {  // level 0: flags; v, vPre and rhs are z, zPre and r
            l.flags = DeviceBuffer<std::uint8_t>(cells);
        } else {
            l.d = DeviceBuffer<float>(cells);
            l.e = DeviceBuffer<float>(cells);
            l.s = DeviceBuffer<float>(cells);
            l.v = DeviceBuffer<float>(cells);
            l.vPre = DeviceBuffer<float>(cells);
            l.rhs = DeviceBuffer<float>(cells);
        }
        l.view = {l.d.data(), l.e.data(), l.s.data(),    l.flags.data(),
                  0.0f,       l.v.data(), l.vPre.data(), l.rhs.data(),
                  w,          h};
        more = cells > static_cast<std::size_t>(k::kCoarsestCells);
        w = (w + 1) / 2;
        h = (h + 1) / 2;
    }
    levels_[0].view.v = z_.data();
    levels_[0].view.vPre = zPre_.data();
    levels_[0].view.rhs = r_.data();
    // Levels above the tail each take two launches; from the first level this small on, one
    // block does the rest of the cycle (those levels are launch bound). Level 0 stays out of
    // the tail unless it is the only level: up() adds r.z on the way.
    tailStart_ = levels_.size() == 1 ? 0 : levels_.size() - 1;
    for (std::size_t i = 1; i < levels_.size(); ++i) {
        const auto& v = levels_[i].view;
        if (static_cast<long long>(v.width) * v.height <= tuning_.tailCells) {
            tailStart_ = i;
            break;
        }
    }
    tailStart_ = std::max(
        tailStart_, levels_.size() - std::min<std::size_t>(levels_.size(), k::kMaxTailLevels));
    const std::size_t blocks =
        std::max<std::size_t>({static_cast<std::size_t>(k::kReduceBlocks),
                               static_cast<std::size_t>(k::upBlocks(width, height)),
                               static_cast<std::size_t>(k::fineBlocks(width, height)),
                               static_cast<std::size_t>(k::applyBlocks(width, height))});
    partials_ = DeviceBuffer<double>(blocks);
    scalars_.reserve(k::kScalarCount);
    counter_.reserve(1);
    control_.reserve(1);
}

void EsfConvergedSolver::down(std::size_t level, cudaStream_t stream) {
    if (level == 0 && tuning_.smoothingSweeps == 2) {
        k::downFine(levels_[0].view, levels_[1].view, stream);
    } else {
        k::down(levels_[level].view, levels_[level + 1].view, tuning_.smoothingSweeps, stream);
    }
}

void EsfConvergedSolver::up(std::size_t level, cudaStream_t stream) {
    const k::Reduction red{partials_.data(), counter_.data(), scalars_.data()};
    const auto& f = levels_[level].view;
    const auto& c = levels_[level + 1].view;
    if (level == 0 && tuning_.smoothingSweeps == 2) {
        k::upFine(f, c, tuning_.coarseWeight, red.partials, red.counter, red.scalars, k::kRzNext,
                  stream);
    } else {
        k::up(f, c, tuning_.smoothingSweeps, tuning_.coarseWeight,
              level == 0 ? red.partials : nullptr, red.counter, red.scalars, k::kRzNext, stream);
    }
}

void EsfConvergedSolver::vCycle(cudaStream_t stream) {
    const k::Reduction red{partials_.data(), counter_.data(), scalars_.data()};
    for (std::size_t i = 0; i < tailStart_; ++i) down(i, stream);
    k::TailLevels tail{};
    tail.count = static_cast<int>(levels_.size() - tailStart_);
    tail.coarseWeight = tuning_.coarseWeight;
    tail.coarsestSweeps = tuning_.coarsestSweeps;
    tail.sweeps = tuning_.smoothingSweeps;
    for (int i = 0; i < tail.count; ++i) tail.level[i] = levels_[tailStart_ + i].view;
    k::tail(tail, stream);
    for (std::size_t i = tailStart_; i-- > 0;) up(i, stream);
    if (tailStart_ == 0) {
        const auto& v = levels_[0].view;
        k::dot(r_.data(), z_.data(), static_cast<std::size_t>(v.width) * v.height, red, k::kRzNext,
               stream);
    }
}

void EsfConvergedSolver::iteration(cudaGraphConditionalHandle loop, bool conditional,
                                   cudaStream_t stream) {
    const auto& fine = levels_[0].view;
    const std::size_t n = static_cast<std::size_t>(fine.width) * fine.height;
    const k::Reduction red{partials_.data(), counter_.data(), scalars_.data()};
    vCycle(stream);
    k::direction(p_.data(), z_.data(), n, scalars_.data(), control_.data(), stream);
    k::applyAndDot(fine, p_.data(), q_.data(), red, stream);
    k::update(x_.data(), r_.data(), p_.data(), q_.data(), n, red, control_.data(), stream);
    k::checkIteration(shape_, x_.data(), field_, r_.data(), fine.width, fine.height, diagonal_, red,
                      control_.data(), loop, conditional, stream);
}

void EsfConvergedSolver::makeGraph(cudaStream_t stream) {
    // The loop runs on the device when conditional nodes are available (one host wait per
    // solve); otherwise the graph is one iteration and the host reads the decision after each.
    const WhileLoopGraph made =
        makeWhileLoopGraph(stream, [this](cudaGraphConditionalHandle loop, bool conditional,
                                          cudaStream_t s) { iteration(loop, conditional, s); });
    graph_ = made.exec;
    conditional_ = made.conditional;
}

void EsfConvergedSolver::readBack(cudaStream_t stream) {
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(host_, scalars_.data(), sizeof(host_), cudaMemcpyDeviceToHost, stream));
    XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(&hostControl_, control_.data(), sizeof(hostControl_),
                                        cudaMemcpyDeviceToHost, stream));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream));
}

EsfConvergedSolver::Outcome EsfConvergedSolver::operator()(const std::uint8_t* shape, float* field,
                                                           int width, int height, double rho,
                                                           double tolerance, int maxIterations,
                                                           cudaStream_t stream) {
    Outcome out;
    const std::size_t n = static_cast<std::size_t>(width) * height;
    if (n == 0) return out;
    const double diagonal = 4.0 + 1.0 / (rho * rho);
    allocate(width, height);
    if (shape != shape_ || field != field_ || diagonal != diagonal_) dropGraph();
    shape_ = shape;
    field_ = field;
    diagonal_ = diagonal;
    levels_[0].view.diagonal = static_cast<float>(diagonal);

    const k::Reduction red{partials_.data(), counter_.data(), scalars_.data()};
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(counter_.data(), 0, sizeof(unsigned), stream));
    k::initialise(shape, x_.data(), width, height, red, stream);
    // x = 0 on F: the residual of x is b (into r), and field = x.
    k::trueResidual(shape, x_.data(), field, r_.data(), width, height, diagonal, true, red, stream);
    k::fineOperator(shape, levels_[0].view, stream);
    for (std::size_t i = 1; i < levels_.size(); ++i) {
        k::coarsen(levels_[i - 1].view, levels_[i].view, stream);
    }
    readBack(stream);
    const double bNorm = std::sqrt(host_[k::kB2]);
    if (bNorm == 0.0) return out;  // no free pixel touches S: v = 0 on F is exact
    if (maxIterations <= 0) {
        out.relativeResidual = std::sqrt(host_[k::kTrue]) / bNorm;
        return out;
    }

    hostControl_ = {};
    hostControl_.bNorm = bNorm;
    hostControl_.tolerance = tolerance;
    hostControl_.checkBelow = std::max(0.5 * tolerance, 1e-6);
    hostControl_.lastTrue = std::numeric_limits<double>::infinity();
    hostControl_.maxIterations = maxIterations;
    hostControl_.lastCheck = -1;
    hostControl_.restart = 1;  // the first direction is z itself
    hostControl_.running = 1;
    XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(control_.data(), &hostControl_, sizeof(hostControl_),
                                        cudaMemcpyHostToDevice, stream));
    if (graph_ == nullptr) makeGraph(stream);
    if (conditional_) {
        XRAYPREP_CUDA_CHECK(cudaGraphLaunch(graph_, stream));
        readBack(stream);
    } else {
        do {
            XRAYPREP_CUDA_CHECK(cudaGraphLaunch(graph_, stream));
            readBack(stream);
        } while (hostControl_.running != 0);
    }
    out.iterations = hostControl_.iterations;
    if (hostControl_.check != 0) {
        out.relativeResidual = hostControl_.relative;
    } else {  // stopped by the iteration limit between checks
        k::trueResidual(shape, x_.data(), field, r_.data(), width, height, diagonal, false, red,
                        stream);
        readBack(stream);
        out.relativeResidual = std::sqrt(host_[k::kTrue]) / bNorm;
    }
    return out;
}

std::vector<EsfConvergedSolver::StageTime> EsfConvergedSolver::profileIteration(
    cudaStream_t stream) {
    std::vector<StageTime> times;
    if (levels_.empty() || field_ == nullptr) return times;
    constexpr int kRepeats = 20;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&start));
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&stop));
    const auto time = [&](const std::string& name, const auto& launch) {
        launch();
        XRAYPREP_CUDA_CHECK(cudaEventRecord(start, stream));
        for (int i = 0; i < kRepeats; ++i) launch();
        XRAYPREP_CUDA_CHECK(cudaEventRecord(stop, stream));
        XRAYPREP_CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back({name, ms / kRepeats});
    };
    const auto& fine = levels_[0].view;
    const std::size_t n = static_cast<std::size_t>(fine.width) * fine.height;
    const k::Reduction red{partials_.data(), counter_.data(), scalars_.data()};
    for (std::size_t i = 0; i < tailStart_; ++i) {
        time("down level " + std::to_string(i), [&] { down(i, stream); });
    }
    time("tail (levels " + std::to_string(tailStart_) + "-" + std::to_string(levels_.size() - 1) +
             ")",
         [&] {
             k::TailLevels tail{};
             tail.count = static_cast<int>(levels_.size() - tailStart_);
             tail.coarseWeight = tuning_.coarseWeight;
             tail.coarsestSweeps = tuning_.coarsestSweeps;
             tail.sweeps = tuning_.smoothingSweeps;
             for (int i = 0; i < tail.count; ++i) tail.level[i] = levels_[tailStart_ + i].view;
             k::tail(tail, stream);
         });
    for (std::size_t i = tailStart_; i-- > 0;) {
        time("up level " + std::to_string(i), [&] { up(i, stream); });
    }
    time("direction",
         [&] { k::direction(p_.data(), z_.data(), n, scalars_.data(), control_.data(), stream); });
    time("apply + p.q", [&] { k::applyAndDot(fine, p_.data(), q_.data(), red, stream); });
    time("update + r.r", [&] {
        k::update(x_.data(), r_.data(), p_.data(), q_.data(), n, red, control_.data(), stream);
    });
    time("true residual", [&] {
        k::trueResidual(shape_, x_.data(), field_, r_.data(), fine.width, fine.height, diagonal_,
                        true, red, stream);
    });
    time("whole iteration, plain launches", [&] { iteration(0, false, stream); });
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return times;
}

}  // namespace xrayprep::gpu
