#include "gpu/cuda/ContourLevelSet.h"

#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/ContourLevelSetKernels.h"
#include "gpu/cuda/DeviceBuffer.h"

namespace xrayprep::gpu {

using processing::ChanVeseOutcome;

ChanVeseOutcome ContourLevelSet::operator()(processing::FloatImage& phi,
                                            const processing::FloatImage& image,
                                            const processing::Mask& domain,
                                            const processing::ChanVeseSettings& s,
                                            const processing::ExecutionPolicy& /*policy*/,
                                            const processing::CancelToken* cancel) const {
    if (!image.sameSize(phi) || !domain.sameSize(phi)) {
        throw std::invalid_argument("ContourLevelSet: phi, image and domain differ in size");
    }
    if (!(s.dt > 0.0) || !(s.epsilon > 0.0) || !(s.mu >= 0.0) || s.maxIterations < 0) {
        throw std::invalid_argument("contour: invalid chan-vese settings");
    }
    ChanVeseOutcome outcome;
    const int w = phi.width();
    const int h = phi.height();
    std::int64_t domainSize = 0;
    for (const std::uint8_t d : domain.pixels()) domainSize += d != 0 ? 1 : 0;
    if (w == 0 || h == 0 || domainSize == 0) return outcome;

    const std::size_t n = phi.size();
    DeviceBuffer<float> dImage(n), dPhi(n), dNext(n), dCx(n), dCy(n);
    DeviceBuffer<std::uint8_t> dDomain(n);
    DeviceBuffer<LevelSetTotals> dRows(static_cast<std::size_t>(h)), dTotal(1);
    dImage.uploadAsync(image.data(), n, stream_);
    dPhi.uploadAsync(phi.data(), n, stream_);
    dDomain.uploadAsync(domain.data(), n, stream_);
    LevelSetBuffers b{dImage.data(), dDomain.data(), dPhi.data(),  dNext.data(),
                      dCx.data(),    dCy.data(),     dRows.data(), dTotal.data()};
    launchLevelSetTotals(b, b.phi, b.phi, w, h, stream_);

    const LevelSetConstants k{static_cast<float>(s.lambda1),
                              static_cast<float>(s.lambda2),
                              static_cast<float>(s.mu),
                              static_cast<float>(s.dt * s.epsilon / std::numbers::pi),
                              static_cast<float>(s.epsilon * s.epsilon),
                              static_cast<float>(s.eta * s.eta)};
    const auto stopCount = static_cast<std::int64_t>(s.stopFraction * domainSize);
    int stable = 0;
    LevelSetTotals t;
    XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(&t, b.total, sizeof t, cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (int it = 0; it < s.maxIterations; ++it) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        outcome.insideMean = t.insideCount > 0 ? t.inside / t.insideCount : 0.0;
        outcome.outsideMean = t.outsideCount > 0 ? t.outside / t.outsideCount : 0.0;
        launchLevelSetStep(b, k, w, h, stream_);
        launchLevelSetTotals(b, b.phi, b.next, w, h, stream_);
        std::swap(b.phi, b.next);
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(&t, b.total, sizeof t, cudaMemcpyDeviceToHost, stream_));
        XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
        outcome.iterations = it + 1;
        const bool calm = t.nearCount == 0 || t.nearChange <= s.stopChange * t.nearCount;
        stable = t.changes <= stopCount && calm ? stable + 1 : 0;
        if (stable >= s.stableIterations) break;
    }
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(phi.data(), b.phi, n * sizeof(float), cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return outcome;
}

}  // namespace xrayprep::gpu
