#pragma once

// The serial CPU stages behind the backend interface, for the pipeline tests that watch or
// change what a backend does: each call first tells entering() which call it is (a test counts,
// logs, cancels or throws there), then runs on `cpu` with the host images. A test overrides a
// stage to change what it returns.

#include <string>
#include <utility>

#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/CpuBackend.h"

namespace xrayprep::processing::test {

class SerialStagesBackend : public ComputeBackend {
  public:
    enum class Call { Median, Histogram, Threshold, Sobel, Contour, Mask, Esf };

    explicit SerialStagesBackend(std::string description) : description_(std::move(description)) {}

    CpuBackend cpu{BackendKind::Serial, 1};

    [[nodiscard]] BackendKind kind() const override { return BackendKind::Serial; }
    [[nodiscard]] std::string description() const override { return description_; }
    StageImage medianStage(ImageInput in, const MedianParams& p) override {
        entering(Call::Median);
        return cpu.median(in.host, p);
    }
    Histogram histogramStage(ImageInput in) override {
        entering(Call::Histogram);
        return cpu.histogram(in.host);
    }
    StageImage thresholdStage(ImageInput in, std::uint16_t cut) override {
        entering(Call::Threshold);
        return cpu.threshold(in.host, cut);
    }
    StageImage sobelStage(ImageInput in) override {
        entering(Call::Sobel);
        return cpu.sobel(in.host);
    }
    ContourResult activeContour(const ContourInputs& in, const ContourParams& p,
                                const CancelToken* c) override {
        entering(Call::Contour);
        return cpu.activeContour(in, p, c);
    }
    StageImage applyMaskStage(ImageInput original, MaskInput mask) override {
        entering(Call::Mask);
        return cpu.applyMask(original.host, mask.host);
    }
    EsfResult esfStage(MaskInput mask, const EsfParams& p) override {
        entering(Call::Esf);
        return cpu.esf(mask.host, p);
    }

  protected:
    virtual void entering(Call call) { (void)call; }

  private:
    std::string description_;
};

}  // namespace xrayprep::processing::test
