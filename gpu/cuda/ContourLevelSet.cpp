#include "gpu/cuda/ContourLevelSet.h"

#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/ContourLevelSetKernels.h"
#include "gpu/cuda/ContourLevelSetStart.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/PinnedStaging.h"
#include "gpu/cuda/WhileLoopGraph.h"

namespace xrayprep::gpu {

using processing::ChanVeseOutcome;

// Device buffers, pinned staging and the captured iteration graph of the level set, reused
// while the grid size stays the same.
class LevelSetWorkspace {
  public:
    LevelSetWorkspace() = default;
    ~LevelSetWorkspace() { dropGraph(); }
    LevelSetWorkspace(const LevelSetWorkspace&) = delete;
    LevelSetWorkspace& operator=(const LevelSetWorkspace&) = delete;

    // Buffers for a w x h grid; the graph is kept when they did not move.
    LevelSetBuffers prepare(int w, int h) {
        const std::size_t n = static_cast<std::size_t>(w) * h;
        image_.reserve(n);
        phi_.reserve(n);
        next_.reserve(n);
        cx_.reserve(n);
        cy_.reserve(n);
        domain_.reserve(n);
        rows_.reserve(static_cast<std::size_t>(h));
        total_.reserve(1);
        control_.reserve(1);
        foreground_.reserve(n);
        seeded_.reserve(1);
        const LevelSetBuffers b{image_.data(), domain_.data(), phi_.data(),
                                next_.data(),  cx_.data(),     cy_.data(),
                                rows_.data(),  total_.data(),  control_.data()};
        if (w != width_ || h != height_ || b.phi != graphPhi_) dropGraph();
        width_ = w;
        height_ = h;
        graphPhi_ = b.phi;
        return b;
    }

    // Runs iterations until the device's stop test says so (at most control.maxIterations).
    void iterate(const LevelSetBuffers& b, cudaStream_t stream) {
        if (graph_ == nullptr) makeGraph(b, stream);
        int stopped = 0;
        do {
            XRAYPREP_CUDA_CHECK(cudaGraphLaunch(graph_, stream));
            if (conditional_) break;
            XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(&stopped, &b.control->stopped, sizeof stopped,
                                                cudaMemcpyDeviceToHost, stream));
            XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream));
        } while (stopped == 0);
    }

    PinnedStaging& staging() { return staging_; }
    std::uint8_t* foreground() { return foreground_.data(); }
    unsigned long long* seeded() { return seeded_.data(); }

  private:
    void dropGraph() {
        if (graph_ != nullptr) cudaGraphExecDestroy(graph_);
        graph_ = nullptr;
    }

    // Two iterations (phi -> next -> phi), so the body leaves the current iterate in phi.
    static void body(LevelSetBuffers b, int w, int h, cudaGraphConditionalHandle loop,
                     bool conditional, cudaStream_t stream) {
        for (int half = 0; half < 2; ++half) {
            launchLevelSetStep(b, w, h, stream);
            launchLevelSetTotals(b, b.phi, b.next, w, h, true, loop, conditional, stream);
            std::swap(b.phi, b.next);
        }
    }

    void makeGraph(const LevelSetBuffers& b, cudaStream_t stream) {
        const WhileLoopGraph made = makeWhileLoopGraph(
            stream, [&](cudaGraphConditionalHandle loop, bool conditional, cudaStream_t s) {
                body(b, width_, height_, loop, conditional, s);
            });
        graph_ = made.exec;
        conditional_ = made.conditional;
    }

    DeviceBuffer<float> image_, phi_, next_, cx_, cy_;
    DeviceBuffer<std::uint8_t> domain_, foreground_;
    DeviceBuffer<unsigned long long> seeded_;
    DeviceBuffer<LevelSetTotals> rows_, total_;
    DeviceBuffer<LevelSetControl> control_;
    PinnedStaging staging_;
    int width_ = 0, height_ = 0;
    const float* graphPhi_ = nullptr;
    cudaGraphExec_t graph_ = nullptr;
    bool conditional_ = false;
};

std::shared_ptr<LevelSetWorkspace> ContourLevelSet::makeWorkspace() {
    return std::make_shared<LevelSetWorkspace>();
}

ContourLevelSet::ContourLevelSet(cudaStream_t stream) : ContourLevelSet(stream, makeWorkspace()) {}

ContourLevelSet::ContourLevelSet(cudaStream_t stream, std::shared_ptr<LevelSetWorkspace> workspace)
    : stream_(stream), workspace_(std::move(workspace)) {
    if (!workspace_) throw std::invalid_argument("ContourLevelSet needs a workspace");
}

namespace {

void validate(const processing::ChanVeseSettings& s) {
    if (!(s.dt > 0.0) || !(s.epsilon > 0.0) || !(s.mu >= 0.0) || s.maxIterations < 0) {
        throw std::invalid_argument("contour: invalid chan-vese settings");
    }
}

std::int64_t countSet(const processing::Mask& mask) {
    std::int64_t count = 0;
    for (const std::uint8_t d : mask.pixels()) count += d != 0 ? 1 : 0;
    return count;
}

}  // namespace

ChanVeseOutcome ContourLevelSet::operator()(processing::FloatImage& phi,
                                            const processing::FloatImage& image,
                                            const processing::Mask& domain,
                                            const processing::ChanVeseSettings& s,
                                            const processing::ExecutionPolicy& /*policy*/,
                                            const processing::CancelToken* cancel) const {
    if (!image.sameSize(phi) || !domain.sameSize(phi)) {
        throw std::invalid_argument("ContourLevelSet: phi, image and domain differ in size");
    }
    validate(s);
    const int w = phi.width();
    const int h = phi.height();
    const std::int64_t domainSize = countSet(domain);
    if (w == 0 || h == 0 || domainSize == 0 || s.maxIterations == 0) return {};
    if (cancel != nullptr) cancel->throwIfCancelled();

    LevelSetWorkspace& ws = *workspace_;
    const LevelSetBuffers b = ws.prepare(w, h);
    const std::size_t n = phi.size();
    ws.staging().upload(const_cast<float*>(b.image), image.data(), n * sizeof(float), stream_);
    ws.staging().upload(b.phi, phi.data(), n * sizeof(float), stream_);
    ws.staging().upload(const_cast<std::uint8_t*>(b.domain), domain.data(), n, stream_);
    return solve(w, h, domainSize, s, phi, nullptr, cancel);
}

ChanVeseOutcome ContourLevelSet::fromStart(const float* median,
                                           const processing::ChanVeseStart& start,
                                           processing::FloatImage& phi, bool& seeded,
                                           const processing::ChanVeseSettings& s,
                                           const processing::CancelToken* cancel) const {
    const int w = start.median.width();
    const int h = start.median.height();
    if (!start.domain.sameSize(w, h) || !start.foreground.sameSize(w, h)) {
        throw std::invalid_argument(
            "ContourLevelSet: median, domain and foreground differ in size");
    }
    validate(s);
    if (!phi.sameSize(w, h)) phi = processing::FloatImage(w, h);
    LevelSetWorkspace& ws = *workspace_;
    const LevelSetBuffers b = ws.prepare(w, h);
    const std::size_t n = phi.size();
    if (n > 0) {
        ws.staging().upload(const_cast<std::uint8_t*>(b.domain), start.domain.data(), n, stream_);
        ws.staging().upload(ws.foreground(), start.foreground.data(), n, stream_);
    }
    launchLevelSetStart(median, b.domain, ws.foreground(), start.offset, start.scale, start.split,
                        const_cast<float*>(b.image), b.phi, ws.seeded(), n, stream_);
    const std::int64_t domainSize = countSet(start.domain);
    if (n == 0 || domainSize == 0 || s.maxIterations == 0) {
        // No iterations: phi is the start.
        unsigned long long count = 0;
        if (n > 0) ws.staging().download(phi.data(), b.phi, n * sizeof(float), stream_);
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(&count, ws.seeded(), sizeof count, cudaMemcpyDeviceToHost, stream_));
        XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
        seeded = count != 0;
        return {};
    }
    if (cancel != nullptr) cancel->throwIfCancelled();
    return solve(w, h, domainSize, s, phi, &seeded, cancel);
}

ChanVeseOutcome ContourLevelSet::solve(int w, int h, std::int64_t domainSize,
                                       const processing::ChanVeseSettings& s,
                                       processing::FloatImage& phi, bool* seeded,
                                       const processing::CancelToken* cancel) const {
    LevelSetWorkspace& ws = *workspace_;
    const LevelSetBuffers b = ws.prepare(w, h);
    const std::size_t n = phi.size();
    LevelSetControl control;
    control.k = {static_cast<float>(s.lambda1),
                 static_cast<float>(s.lambda2),
                 static_cast<float>(s.mu),
                 static_cast<float>(s.dt * s.epsilon / std::numbers::pi),
                 static_cast<float>(s.epsilon * s.epsilon),
                 static_cast<float>(s.eta * s.eta)};
    control.stopCount = static_cast<long long>(s.stopFraction * domainSize);
    control.stopChange = s.stopChange;
    control.stableIterations = s.stableIterations;
    control.maxIterations = s.maxIterations;
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(b.control, &control, sizeof control, cudaMemcpyHostToDevice, stream_));
    launchLevelSetTotals(b, b.phi, b.phi, w, h, false, 0, false, stream_);
    ws.iterate(b, stream_);

    ws.staging().download(phi.data(), b.phi, n * sizeof(float), stream_);
    unsigned long long count = 0;
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(&control, b.control, sizeof control, cudaMemcpyDeviceToHost, stream_));
    if (seeded != nullptr) {
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(&count, ws.seeded(), sizeof count, cudaMemcpyDeviceToHost, stream_));
    }
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    if (cancel != nullptr) cancel->throwIfCancelled();
    if (seeded != nullptr) *seeded = count != 0;
    ChanVeseOutcome outcome;
    outcome.iterations = control.iterations;
    outcome.insideMean = control.insideMean;
    outcome.outsideMean = control.outsideMean;
    return outcome;
}

}  // namespace xrayprep::gpu
