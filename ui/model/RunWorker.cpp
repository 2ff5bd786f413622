#include "ui/model/RunWorker.h"

#include <QString>

#include "ui/data/WorkerPriority.h"

namespace xrayprep::ui {

using processing::StageId;

void runPipelineTask(QPromise<StageUpdate>& promise, const RunRequest& request,
                     const std::shared_ptr<RunOutcome>& outcome) {
    lowerWorkerThreadPriority();
    processing::CancelToken& token = outcome->token;
    const int first = processing::stageIndex(request.from);
    promise.setProgressRange(0, processing::kStageCount - first);
    try {
        processing::Pipeline& pipeline = *request.pipeline;
        // A fresh pipeline gets its copy of the input here, off the GUI thread.
        if (pipeline.input().empty())
            pipeline.setInput(*request.input, request.spacing, request.bodyPart,
                              request.codingErrorBound);
        if (request.edits) pipeline.setMaskEdits(*request.edits);
        pipeline.setGuidance(request.guidance);
        const auto observer = [&](StageId stage, const processing::PipelineResult& result) {
            if (promise.isCanceled()) token.cancel();
            if (token.cancelled()) return;  // the GUI ignores it anyway: skip the copy
            promise.addResult(makeStageUpdate(stage, result));
            promise.setProgressValueAndText(processing::stageIndex(stage) - first + 1,
                                            QString::fromUtf8(processing::toString(stage)));
        };
        if (promise.isCanceled()) token.cancel();
        token.throwIfCancelled();
        pipeline.run(request.parameters, request.from, observer, &token);
        outcome->completed = true;
    } catch (const processing::Cancelled&) {
        // nothing to report: the GUI knows it asked for the cancel
    } catch (const std::exception& e) {
        outcome->error = e.what();
        if (outcome->error.empty()) outcome->error = "unknown error";
    } catch (...) {
        outcome->error = "unknown error";
    }
}

}  // namespace xrayprep::ui
