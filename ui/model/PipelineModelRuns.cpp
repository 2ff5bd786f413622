// PipelineModel: scheduling runs and comparisons, and taking their results on the GUI thread.
#include <QtConcurrent/QtConcurrentRun>

#include "ui/model/PipelineModelImpl.h"

namespace xrayprep::ui {

using processing::StageId;

namespace {

std::optional<StageId> earlier(std::optional<StageId> a, std::optional<StageId> b) {
    if (!a) return b;
    if (!b) return a;
    return processing::stageIndex(*a) <= processing::stageIndex(*b) ? a : b;
}

QString stageText(StageId s) { return QString::fromUtf8(viewStageTitle(viewStageOf(s))); }

}  // namespace

// A new input or backend starts at once. An edit waits for the debounce, which gathers a burst
// of edits (a slider dragged, a spin box's arrow held down) into one run, unless it comes after
// a quiet spell: no run going or waiting and no edit within the debounce interval. Such an
// edit (a value typed, one click, an undo) starts at once, as the first of a burst would gain
// nothing by waiting: the edit after it cancels its run and waits for the debounce. Either way
// a run in flight is superseded: cancelled now, the new one starts once it stopped.
void PipelineModel::Impl::requestRun(bool immediate) {
    if (!pipeline) return;  // no input yet: the parameters are used by the first run
    if (!immediate) {
        const int interval = debounce.interval();
        const bool quiet = interval > 0 && !runOutcome && !runPending && !debounce.isActive() &&
                           (!lastEdit.isValid() || lastEdit.elapsed() >= interval);
        lastEdit.start();
        immediate = quiet;
    }
    if (runOutcome) {
        cancelRun();
        runPending = true;
    }
    if (immediate) {
        debounce.stop();
        if (runOutcome) {
            runPending = true;
        } else {
            startRun();
        }
    } else {
        debounce.start();
    }
    updateBusy();
}

void PipelineModel::Impl::onDebounceTimeout() {
    if (runOutcome) {
        runPending = true;  // starts when the cancelled run has stopped
    } else {
        startRun();
    }
    updateBusy();
}

void PipelineModel::Impl::startRun() {
    runPending = false;
    if (!pipeline || !input) return;
    // The pipeline is idle here (no run in flight), so asking it is safe. The mask edits go to
    // it here too: a change of them makes the mask stage the first to run.
    // A pipeline that has no input yet (a new one) gets both from the worker.
    if (!pipeline->input().empty()) {
        pipeline->setMaskEdits(*edits);
        pipeline->setGuidance(guidance);
    }
    std::optional<StageId> first =
        runFull ? std::optional(StageId::Median) : pipeline->firstStageToRun(parameters);
    first = earlier(first, dirtyFrom);
    runFull = false;
    if (!first) {
        updateBusy();
        return;  // displayed() already shows these parameters
    }
    runOutcome = std::make_shared<RunOutcome>();
    runPipeline = pipeline;
    runParameters = parameters;
    runFirst = *first;
    runBackend = backend->kind();
    runLastPublished.reset();
    runCancelRequested = false;
    timingBeforeRun = displayed.timing;
    displayed.timing.backend = backend->kind();
    displayed.timing.backendDescription = backend->description();
    for (int i = processing::stageIndex(*first); i < processing::kStageCount; ++i) {
        displayed.timing.wallMs[i].reset();
        displayed.timing.device[i].reset();
    }
    const RunRequest request{
        pipeline,
        input,
        metadata ? metadata->spacing : std::optional<processing::PixelSpacing>{},
        metadata ? processing::bodyPartNamesOf(*metadata) : processing::BodyPartNames{},
        parameters,
        *first,
        metadata ? metadata->codingErrorBound : 0,
        edits,
        guidance};
    runWatcher.setFuture(QtConcurrent::run(&pool, &runPipelineTask, request, runOutcome));
    emit q.runStarted(viewStageOf(*first));
    emit q.progress(0, QStringLiteral("Running %1…").arg(stageText(*first)));
    updateBusy();
}

void PipelineModel::Impl::cancelRun() {
    if (!runOutcome || runCancelRequested) return;
    runCancelRequested = true;
    runOutcome->token.cancel();  // stops the active contour mid-stage too
    runWatcher.future().cancel();
}

void PipelineModel::Impl::onStageReady(int index) {
    if (!runOutcome || runCancelRequested) return;  // superseded: displayed() stays as it is
    StageUpdate update = runWatcher.future().resultAt(index);
    const StageId stage = update.stage;
    publishStageUpdate(std::move(update), displayed);
    displayed.parameters = runParameters;
    runLastPublished = stage;
    dirtyFrom = earlier(dirtyFrom, stage);  // until the run completes
    emit q.stageFinished(viewStageOf(stage));
    const int done = processing::stageIndex(stage) - processing::stageIndex(runFirst) + 1;
    const int total = processing::kStageCount - processing::stageIndex(runFirst);
    const double ms = displayed.timing.wallMs[processing::stageIndex(stage)].value_or(0.0);
    emit q.progress(100 * done / total,
                    QStringLiteral("%1 done (%2 ms)").arg(stageText(stage)).arg(ms, 0, 'f', 1));
}

// The stages after the last one this run published show the previous outputs again: give
// them back their times.
void PipelineModel::Impl::restoreTimingAfter(std::optional<StageId> lastPublished) {
    const int from = lastPublished ? processing::stageIndex(*lastPublished) + 1
                                   : processing::stageIndex(runFirst);
    for (int i = from; i < processing::kStageCount; ++i) {
        displayed.timing.wallMs[i] = timingBeforeRun.wallMs[i];
        displayed.timing.device[i] = timingBeforeRun.device[i];
    }
    if (!lastPublished) {
        displayed.timing.backend = timingBeforeRun.backend;
        displayed.timing.backendDescription = timingBeforeRun.backendDescription;
    }
}

void PipelineModel::Impl::onRunFinished() {
    if (!runOutcome) return;
    const std::shared_ptr<RunOutcome> outcome = std::move(runOutcome);
    runOutcome.reset();
    const bool samePipeline = runPipeline == pipeline;
    if (!samePipeline) releaseOnWorker(std::move(runPipeline));
    runPipeline.reset();
    runWatcher.setFuture(QFuture<StageUpdate>());  // drops the future's copies of the outputs

    if (outcome->completed && !runCancelRequested) {
        dirtyFrom.reset();
        staleFrom.reset();
        lastTimings[displayed.timing.backend] = displayed.timing;
        emit q.progress(100, QStringLiteral("Done"));
        emit q.runFinished();
    } else {
        if (samePipeline) {
            if (outcome->completed) {
                // The pipeline holds this run's result, displayed() up to runLastPublished.
                const int next = runLastPublished ? processing::stageIndex(*runLastPublished) + 1
                                                  : processing::stageIndex(runFirst);
                dirtyFrom = next < processing::kStageCount
                                ? std::optional(static_cast<StageId>(next))
                                : std::nullopt;
            }
            restoreTimingAfter(runLastPublished);
        }
        // Stages this run published sit beside older ones after them.
        if (runLastPublished) {
            const int next = processing::stageIndex(*runLastPublished) + 1;
            staleFrom = next < processing::kStageCount ? std::optional(static_cast<StageId>(next))
                                                       : std::nullopt;
        }
        if (runCancelRequested || outcome->error.empty()) {
            emit q.runCancelled();
        } else {
            // A CUDA run that fails is the device's fault more often than the image's.
            emit q.runFailed(QString::fromStdString(outcome->error),
                             runBackend == processing::BackendKind::Cuda);
        }
    }
    runCancelRequested = false;
    if (runPending && !debounce.isActive()) startRun();
    updateBusy();
}

void PipelineModel::Impl::startComparison() {
    if (!input || comparing) return;
    ComparisonRequest request;
    request.input = input;
    request.spacing = metadata ? metadata->spacing : std::nullopt;
    request.codingErrorBound = metadata ? metadata->codingErrorBound : 0;
    request.parameters = parameters;
    for (const auto& b : q.availableBackends()) {
        if (b.available) request.backends.push_back(b.kind);
    }
    request.openmpThreads =
        backend->kind() == processing::BackendKind::OpenMP ? backend->threads() : 0;
    compareToken = std::make_shared<processing::CancelToken>();
    comparing = true;
    compareWatcher.setFuture(QtConcurrent::run(&pool, &compareBackendsTask, request, compareToken));
    emit q.comparisonProgress(0, QStringLiteral("Comparing backends…"));
    updateBusy();
}

void PipelineModel::Impl::onComparisonFinished() {
    if (!comparing) return;
    comparing = false;
    const QFuture<BackendComparison> future = compareWatcher.future();
    const bool cancelled = compareToken->cancelled() || future.resultCount() == 0;
    compareToken.reset();
    if (cancelled) {
        compareWatcher.setFuture(QFuture<BackendComparison>());
        emit q.comparisonCancelled();
    } else {
        const BackendComparison comparison = future.result();
        compareWatcher.setFuture(QFuture<BackendComparison>());
        for (const auto& run : comparison.runs) {
            if (run.error.empty()) lastTimings[run.timing.backend] = run.timing;
        }
        emit q.comparisonFinished(comparison);
    }
    updateBusy();
}

bool PipelineModel::Impl::busy() const {
    return loading || comparing || runOutcome != nullptr || runPending || debounce.isActive();
}

void PipelineModel::Impl::updateBusy() {
    const bool now = busy();
    if (now == lastBusy) return;
    lastBusy = now;
    emit q.busyChanged(now);
}

// Cancels everything and waits for the workers (only here may the GUI thread wait).
void PipelineModel::Impl::shutdown() {
    debounce.stop();
    QObject::disconnect(&runWatcher, nullptr, nullptr, nullptr);
    QObject::disconnect(&loadWatcher, nullptr, nullptr, nullptr);
    QObject::disconnect(&compareWatcher, nullptr, nullptr, nullptr);
    if (runOutcome) runOutcome->token.cancel();
    if (compareToken) compareToken->cancel();
    runWatcher.future().cancel();
    compareWatcher.future().cancel();
    runWatcher.future().waitForFinished();
    compareWatcher.future().waitForFinished();
    loadWatcher.future().waitForFinished();
    pool.waitForDone();
}

}  // namespace xrayprep::ui
