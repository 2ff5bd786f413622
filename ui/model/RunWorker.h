#pragma once

#include <QPromise>
#include <memory>
#include <optional>
#include <string>

#include "processing/core/CancelToken.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/Pipeline.h"
#include "ui/model/StageUpdate.h"

namespace xrayprep::ui {

// What one pipeline run needs. The pipeline is used by this run only until it has finished.
struct RunRequest {
    std::shared_ptr<processing::Pipeline> pipeline;
    std::shared_ptr<const processing::Image> input;   // set on the pipeline if it has none yet
    std::optional<processing::PixelSpacing> spacing;  // of the input (quality checks)
    processing::BodyPartNames bodyPart;  // what the input's header says (quality checks)
    processing::PipelineParameters parameters;
    processing::StageId from = processing::StageId::Median;
    int codingErrorBound = 0;  // of the input's near-lossless codec (ImageMetadata)
    // The user's mask edits, set on the pipeline after its input (a new input clears them).
    std::shared_ptr<const processing::MaskEdits> edits;
    // The user's seeds and box, set on the pipeline after its input likewise.
    processing::ContourGuidance guidance;
};

// Written by the worker, read by the GUI thread once the run's future has finished (the
// future's completion orders the two); the token is shared while it runs.
struct RunOutcome {
    processing::CancelToken token;
    bool completed = false;  // every stage ran; the pipeline holds the new result
    std::string error;       // non-empty: a stage threw this message
};

// Body of a run on a QtConcurrent worker: reports each stage's output as a StageUpdate
// result. A cancelled QPromise is turned into the token, so a stage that checks it (the
// active contour) stops early. Never throws.
void runPipelineTask(QPromise<StageUpdate>& promise, const RunRequest& request,
                     const std::shared_ptr<RunOutcome>& outcome);

}  // namespace xrayprep::ui
