#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/esf/EsfSolver.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/quality/QualityReport.h"
#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdSelector.h"
#include "ui/data/TimingData.h"
#include "ui/data/ViewStage.h"

namespace xrayprep::ui {

// What the GUI shows: the input and each stage's output of the latest run, published stage by
// stage. Every member is immutable once published and shared between views, so a view keeps
// what it shows alive without copying pixels. A null member has not been computed (yet).
struct DisplayedRun {
    std::shared_ptr<const processing::Image> original;
    std::shared_ptr<const processing::ImageMetadata> metadata;
    std::string inputLabel;  // file name or "Sample (planar)"; no patient data

    std::shared_ptr<const processing::Image> median;
    std::shared_ptr<const processing::Histogram> histogram;
    std::shared_ptr<const processing::ThresholdResult> threshold;
    std::shared_ptr<const processing::Image> thresholded;
    std::shared_ptr<const processing::Image> sobel;
    std::shared_ptr<const processing::ContourResult> contour;
    std::shared_ptr<const processing::Image> final;
    std::shared_ptr<const processing::QualityReport> quality;  // checks of the mask, with final
    std::shared_ptr<const processing::EsfResult> esf;
    // Pixels the user's mask edits add outside the anatomy (published with the mask stage).
    std::int64_t editsOutsideAnatomy = 0;

    processing::PipelineParameters parameters;  // of the run that produced the stages
    RunTiming timing;

    // The image a view shows for a stage (Contour -> median, Esf -> nullptr: use esf->field).
    [[nodiscard]] std::shared_ptr<const processing::Image> imageFor(ViewStage s) const;
    [[nodiscard]] bool has(ViewStage s) const;
    // Moves the outputs of pipeline stage `stage` (and nothing else) out of `from`: how a
    // stage's result, built on a worker, joins what the GUI shows without copying pixels.
    void adoptStage(processing::StageId stage, DisplayedRun& from);
};

}  // namespace xrayprep::ui
