#pragma once

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QObject>
#include <QSignalSpy>
#include <QStringList>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpu/BackendFactory.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "ui/model/PipelineModel.h"

namespace xrayprep::ui::test {

constexpr int kSmallWidth = 584;  // a fifth of the reference size: full runs take well under 1 s
constexpr int kSmallHeight = 464;
constexpr int kWaitMs = 60000;

inline processing::Phantom smallPhantom() {
    processing::PhantomParams params;
    params.width = kSmallWidth;
    params.height = kSmallHeight;
    return processing::FootPhantom{}(params);
}

// Runs the event loop until `spy` has seen `count` signals (or the time is up).
inline bool waitForCount(QSignalSpy& spy, int count, int timeoutMs = kWaitMs) {
    QElapsedTimer clock;
    clock.start();
    while (spy.count() < count) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) return false;
        spy.wait(static_cast<int>(left));
    }
    return true;
}

// Everything the model said, in order.
struct SignalLog {
    explicit SignalLog(PipelineModel& model) {
        QObject::connect(&model, &PipelineModel::runStarted,
                         [this](ViewStage s) { started.push_back(s); });
        QObject::connect(&model, &PipelineModel::stageFinished,
                         [this](ViewStage s) { finished.push_back(s); });
        QObject::connect(&model, &PipelineModel::runFailed,
                         [this](const QString& message, bool backendFailure) {
                             failures.append(message);
                             backendFailures.push_back(backendFailure);
                         });
    }
    void clear() {
        started.clear();
        finished.clear();
        failures.clear();
        backendFailures.clear();
    }
    std::vector<ViewStage> started;
    std::vector<ViewStage> finished;
    QStringList failures;
    std::vector<bool> backendFailures;
};

// The independent reference: the processing pipeline run directly, serial backend.
inline processing::PipelineResult referenceRun(const processing::Image& image,
                                               const processing::PipelineParameters& params,
                                               std::optional<processing::PixelSpacing> spacing) {
    processing::Pipeline pipeline(gpu::makeBackend(processing::BackendKind::Serial));
    pipeline.setInput(image, spacing);
    return pipeline.run(params);
}

// Every published stage equals the reference bit for bit.
inline void expectDisplayedEquals(const DisplayedRun& d, const processing::PipelineResult& r) {
    ASSERT_TRUE(d.median && d.histogram && d.threshold && d.thresholded && d.sobel && d.contour &&
                d.final && d.esf);
    EXPECT_TRUE(*d.median == r.median) << "median";
    EXPECT_TRUE(*d.histogram == r.histogram) << "histogram";
    EXPECT_EQ(d.threshold->value, r.threshold.value);
    EXPECT_EQ(d.threshold->bin, r.threshold.bin);
    EXPECT_TRUE(*d.thresholded == r.thresholded) << "thresholded";
    EXPECT_TRUE(*d.sobel == r.sobel) << "sobel";
    EXPECT_TRUE(d.contour->contours == r.contour.contours) << "contours";
    EXPECT_TRUE(d.contour->mask == r.contour.mask) << "contour mask";
    EXPECT_TRUE(*d.final == r.final) << "final";
    EXPECT_TRUE(d.esf->field == r.esf.field) << "esf";
}

// A backend that forwards to a CPU backend; tests override a stage to fail or block.
class ForwardingBackend : public processing::ComputeBackend {
  public:
    explicit ForwardingBackend(processing::BackendKind kind, std::string description)
        : inner_(gpu::makeBackend(processing::BackendKind::Serial)),
          kind_(kind),
          description_(std::move(description)) {}
    [[nodiscard]] processing::BackendKind kind() const override { return kind_; }
    [[nodiscard]] std::string description() const override { return description_; }
    processing::StageImage medianStage(processing::ImageInput stageInput,
                                       const processing::MedianParams& params) override {
        const processing::Image& input = stageInput.host;
        return inner_->median(input, params);
    }
    processing::Histogram histogramStage(processing::ImageInput stageInput) override {
        const processing::Image& input = stageInput.host;
        return inner_->histogram(input);
    }
    processing::StageImage thresholdStage(processing::ImageInput stageInput,
                                          std::uint16_t cut) override {
        const processing::Image& input = stageInput.host;
        return inner_->threshold(input, cut);
    }
    processing::StageImage sobelStage(processing::ImageInput stageInput) override {
        const processing::Image& input = stageInput.host;
        return inner_->sobel(input);
    }
    processing::ContourResult activeContour(const processing::ContourInputs& inputs,
                                            const processing::ContourParams& params,
                                            const processing::CancelToken* cancel) override {
        return inner_->activeContour(inputs, params, cancel);
    }
    processing::StageImage applyMaskStage(processing::ImageInput stageOriginal,
                                          processing::MaskInput stageMask) override {
        const processing::Image& original = stageOriginal.host;
        const processing::Mask& mask = stageMask.host;
        return inner_->applyMask(original, mask);
    }
    processing::EsfResult esfStage(processing::MaskInput stageMask,
                                   const processing::EsfParams& params) override {
        const processing::Mask& mask = stageMask.host;
        return inner_->esf(mask, params);
    }

  private:
    std::shared_ptr<processing::ComputeBackend> inner_;
    processing::BackendKind kind_;
    std::string description_;
};

inline std::vector<ViewStage> stagesFrom(ViewStage first) {
    std::vector<ViewStage> out;
    for (ViewStage s : kAllViewStages) {
        if (viewStageIndex(s) >= viewStageIndex(first)) out.push_back(s);
    }
    return out;
}

}  // namespace xrayprep::ui::test
