#include "ui/model/BackendComparer.h"

#include <QString>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>

#include "gpu/BackendFactory.h"
#include "processing/pipeline/Pipeline.h"
#include "ui/data/WorkerPriority.h"

namespace xrayprep::ui {

using processing::StageId;

template <typename T>
StageDifference rasterDifference(const processing::Raster<T>& reference,
                                 const processing::Raster<T>& other) {
    StageDifference d;
    d.compared = reference.size();
    if (!reference.sameSize(other)) {
        d.differing = d.compared;
        d.meanAbs = d.maxAbs = std::numeric_limits<double>::infinity();
        return d;
    }
    const auto a = reference.pixels();
    const auto b = other.pixels();
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;  // NaN != NaN: counted as differing below
        const double diff = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
        ++d.differing;
        sum += std::isnan(diff) ? 0.0 : diff;
        d.maxAbs =
            std::isnan(diff) ? std::numeric_limits<double>::infinity() : std::max(d.maxAbs, diff);
    }
    d.meanAbs = d.compared ? sum / static_cast<double>(d.compared) : 0.0;
    return d;
}

template StageDifference rasterDifference(const processing::Raster<std::uint16_t>&,
                                          const processing::Raster<std::uint16_t>&);
template StageDifference rasterDifference(const processing::Raster<std::uint8_t>&,
                                          const processing::Raster<std::uint8_t>&);
template StageDifference rasterDifference(const processing::Raster<float>&,
                                          const processing::Raster<float>&);

std::array<std::optional<StageDifference>, processing::kStageCount> stageDifferences(
    const processing::PipelineResult& reference, const processing::PipelineResult& other) {
    std::array<std::optional<StageDifference>, processing::kStageCount> out{};
    const auto set = [&](StageId s, StageDifference d) {
        if (reference.has(s) && other.has(s)) out[processing::stageIndex(s)] = d;
    };
    set(StageId::Median, rasterDifference(reference.median, other.median));
    // The histogram only matters through the image it thresholds.
    set(StageId::Threshold, rasterDifference(reference.thresholded, other.thresholded));
    set(StageId::Sobel, rasterDifference(reference.sobel, other.sobel));
    set(StageId::Contour, rasterDifference(reference.contour.mask, other.contour.mask));
    set(StageId::Mask, rasterDifference(reference.final, other.final));
    set(StageId::Esf, rasterDifference(reference.esf.field, other.esf.field));
    return out;
}

namespace {

RunTiming timingOf(const processing::PipelineResult& result, processing::BackendKind kind,
                   const std::string& description) {
    RunTiming t;
    t.backend = kind;
    t.backendDescription = description;
    t.wallMs = result.milliseconds;
    t.device = result.deviceTimes;
    return t;
}

}  // namespace

void compareBackendsTask(QPromise<BackendComparison>& promise, const ComparisonRequest& request,
                         const std::shared_ptr<processing::CancelToken>& token) {
    lowerWorkerThreadPriority();
    std::vector<processing::BackendKind> kinds = request.backends;
    std::stable_partition(kinds.begin(), kinds.end(),
                          [](auto k) { return k == processing::BackendKind::Serial; });
    const int steps = std::max<int>(1, static_cast<int>(kinds.size()) * processing::kStageCount);
    promise.setProgressRange(0, steps);
    const auto cancelled = [&] {
        if (promise.isCanceled()) token->cancel();
        return token->cancelled();
    };

    BackendComparison comparison;
    std::unique_ptr<processing::Pipeline> serial;  // the reference, kept to the end
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        if (cancelled()) return;
        const auto kind = kinds[k];
        const int base = static_cast<int>(k) * processing::kStageCount;
        const QString name = QString::fromUtf8(processing::toString(kind));
        promise.setProgressValueAndText(base, QStringLiteral("Running %1…").arg(name));
        BackendRun run;
        run.timing.backend = kind;
        try {
            auto backend = gpu::makeBackend(
                kind, kind == processing::BackendKind::OpenMP ? request.openmpThreads : 0);
            run.timing.backendDescription = backend->description();
            auto pipeline = std::make_unique<processing::Pipeline>(backend);
            pipeline->setInput(*request.input, request.spacing, {}, request.codingErrorBound);
            const auto observer = [&](StageId s, const processing::PipelineResult&) {
                if (cancelled()) return;
                promise.setProgressValueAndText(
                    base + processing::stageIndex(s) + 1,
                    QStringLiteral("%1: %2").arg(name, QString::fromUtf8(processing::toString(s))));
            };
            const processing::PipelineResult& result =
                pipeline->run(request.parameters, StageId::Median, observer, token.get());
            run.timing = timingOf(result, kind, backend->description());
            if (kind == processing::BackendKind::Serial) {
                serial = std::move(pipeline);
            } else if (serial) {
                run.vsSerial = stageDifferences(serial->result(), result);
            }
        } catch (const processing::Cancelled&) {
            return;
        } catch (const std::exception& e) {
            if (cancelled()) return;
            run.error = e.what();
            if (run.error.empty()) run.error = "unknown error";
        }
        comparison.runs.push_back(std::move(run));
    }
    if (cancelled()) return;
    promise.setProgressValueAndText(steps, QStringLiteral("Comparison done"));
    promise.addResult(std::move(comparison));
}

}  // namespace xrayprep::ui
