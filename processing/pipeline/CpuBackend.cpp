#include "processing/pipeline/CpuBackend.h"

#include <stdexcept>

#include "processing/mask/MaskApplier.h"
#include "processing/median/MedianFilter.h"
#include "processing/sobel/SobelFilter.h"
#include "processing/threshold/ThresholdApplier.h"

namespace xrayprep::processing {

const char* toString(BackendKind k) {
    switch (k) {
        case BackendKind::Serial:
            return "serial";
        case BackendKind::OpenMP:
            return "openmp";
        case BackendKind::Cuda:
            return "cuda";
    }
    return "?";
}

CpuBackend::CpuBackend(BackendKind kind, int threads) : kind_(kind) {
    if (kind == BackendKind::Cuda) throw std::invalid_argument("CpuBackend cannot be cuda");
    if (kind == BackendKind::Serial) {
        policy_.threads = 1;
    } else {
        policy_.threads = threads > 0 ? threads : availableCpuThreads();
    }
}

ExecutionPolicy CpuBackend::stagePolicy() {
    if (kind_ == BackendKind::Serial) return policy_;
    return ExecutionPolicy{coresInUse_.threadsFor(policy_.threads)};
}

std::string CpuBackend::description() const {
    if (kind_ == BackendKind::Serial) return "serial";
    return "openmp (" + std::to_string(policy_.threads) + " threads)";
}

Image CpuBackend::median(const Image& input, const MedianParams& params) {
    return MedianFilter{}(input, params, stagePolicy());
}
Histogram CpuBackend::histogram(const Image& input) {
    return HistogramBuilder{}(input, stagePolicy());
}
Image CpuBackend::threshold(const Image& input, std::uint16_t cutValue) {
    return ThresholdApplier{}(input, cutValue, stagePolicy());
}
Image CpuBackend::sobel(const Image& input) { return SobelFilter{}(input, stagePolicy()); }
ContourResult CpuBackend::activeContour(const ContourInputs& inputs, const ContourParams& params,
                                        const CancelToken* cancel) {
    return ActiveContour{}(inputs, params, stagePolicy(), cancel);
}
Image CpuBackend::applyMask(const Image& original, const Mask& mask) {
    return MaskApplier{}(original, mask, stagePolicy());
}
EsfResult CpuBackend::esf(const Mask& mask, const EsfParams& params) {
    return EsfSolver{}(mask, params, stagePolicy());
}

}  // namespace xrayprep::processing
