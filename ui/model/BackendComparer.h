#pragma once

#include <QPromise>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "processing/core/CancelToken.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/pipeline/PipelineResult.h"
#include "ui/data/TimingData.h"

namespace xrayprep::ui {

struct ComparisonRequest {
    std::shared_ptr<const processing::Image> input;
    std::optional<processing::PixelSpacing> spacing;  // of the input (mm parameters, checks)
    int codingErrorBound = 0;  // of the input's near-lossless codec (ImageMetadata)
    processing::PipelineParameters parameters;
    std::vector<processing::BackendKind> backends;  // available ones; serial is run first
    int openmpThreads = 0;                          // <= 0: all cores
};

// Body of "compare backends" on a QtConcurrent worker: a fresh pipeline per backend, a full
// run each, timing and the per-stage differences against serial. Only serial's pipeline and
// the current backend's are alive at a time. One backend failing records its error and the
// others go on. Reports progress; a cancel (promise or token) ends it without a result.
void compareBackendsTask(QPromise<BackendComparison>& promise, const ComparisonRequest& request,
                         const std::shared_ptr<processing::CancelToken>& token);

// Pixel-wise difference of two rasters of the same kind (all pixels differ if sizes differ).
template <typename T>
[[nodiscard]] StageDifference rasterDifference(const processing::Raster<T>& reference,
                                               const processing::Raster<T>& other);

// Per stage: median, thresholded image, Sobel, contour mask, final image, ESF field.
[[nodiscard]] std::array<std::optional<StageDifference>, processing::kStageCount> stageDifferences(
    const processing::PipelineResult& reference, const processing::PipelineResult& other);

}  // namespace xrayprep::ui
