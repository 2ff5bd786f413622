#pragma once

#include "processing/pipeline/PipelineResult.h"
#include "processing/pipeline/StageId.h"
#include "ui/data/DisplayedRun.h"

namespace xrayprep::ui {

// One stage's output, handed from the worker to the GUI thread. Only the members of that
// stage are set: copying the whole PipelineResult per stage would move ~90 MB at the
// reference size, one stage's output is at most one image or field.
struct StageUpdate {
    processing::StageId stage = processing::StageId::Median;
    DisplayedRun outputs;  // only the members of `stage` are set; timing has every stage so far
};

// On the worker: copies the output of `stage` out of the result being built.
[[nodiscard]] StageUpdate makeStageUpdate(processing::StageId stage,
                                          const processing::PipelineResult& result);

// On the GUI thread: moves the stage's output into `displayed` (no pixel copies) and fills in
// the timing of every stage up to it.
void publishStageUpdate(StageUpdate update, DisplayedRun& displayed);

}  // namespace xrayprep::ui
