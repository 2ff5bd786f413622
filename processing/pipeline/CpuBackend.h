#pragma once

#include "processing/core/CoresInUse.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::processing {

// serial (threads == 1) and OpenMP (threads > 1): the same stage code, two schedules.
class CpuBackend final : public ComputeBackend {
  public:
    // kind must be Serial or OpenMP; threads <= 0 means all cores (OpenMP only).
    CpuBackend(BackendKind kind, int threads);

    [[nodiscard]] BackendKind kind() const override { return kind_; }
    [[nodiscard]] int threads() const override { return policy_.threads; }
    [[nodiscard]] std::string description() const override;

    StageImage medianStage(ImageInput input, const MedianParams& params) override;
    Histogram histogramStage(ImageInput input) override;
    StageImage thresholdStage(ImageInput input, std::uint16_t cutValue) override;
    StageImage sobelStage(ImageInput input) override;
    ContourResult activeContour(const ContourInputs& inputs, const ContourParams& params,
                                const CancelToken* cancel) override;
    StageImage applyMaskStage(ImageInput original, MaskInput mask) override;
    EsfResult esfStage(MaskInput mask, const EsfParams& params) override;

  private:
    // OpenMP: the configured threads less the cores other processes keep busy (CoresInUse),
    // decided per stage; serial: one thread.
    [[nodiscard]] ExecutionPolicy stagePolicy();

    BackendKind kind_;
    ExecutionPolicy policy_;
    CoresInUse coresInUse_;
};

}  // namespace xrayprep::processing
