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

// Host images only: the device copies a caller may pass are not this backend's (it makes none).
StageImage CpuBackend::medianStage(ImageInput input, const MedianParams& params) {
    return {MedianFilter{}(input.host, params, stagePolicy()), nullptr};
}
Histogram CpuBackend::histogramStage(ImageInput input) {
    return HistogramBuilder{}(input.host, stagePolicy());
}
StageImage CpuBackend::thresholdStage(ImageInput input, std::uint16_t cutValue) {
    return {ThresholdApplier{}(input.host, cutValue, stagePolicy()), nullptr};
}
StageImage CpuBackend::sobelStage(ImageInput input) {
    return {SobelFilter{}(input.host, stagePolicy()), nullptr};
}
ContourResult CpuBackend::activeContour(const ContourInputs& inputs, const ContourParams& params,
                                        const CancelToken* cancel) {
    return ActiveContour{}(inputs, params, stagePolicy(), cancel);
}
StageImage CpuBackend::applyMaskStage(ImageInput original, MaskInput mask) {
    return {MaskApplier{}(original.host, mask.host, stagePolicy()), nullptr};
}
EsfResult CpuBackend::esfStage(MaskInput mask, const EsfParams& params) {
    return EsfSolver{}(mask.host, params, stagePolicy());
}

}  // namespace xrayprep::processing
