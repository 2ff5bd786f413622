#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QTimer>
#include <QUndoStack>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "processing/pipeline/Pipeline.h"
#include "ui/model/BackendComparer.h"
#include "ui/model/InputLoader.h"
#include "ui/model/PipelineModel.h"
#include "ui/model/RunWorker.h"

namespace xrayprep::ui {

// PipelineModel's state. Everything here lives on the GUI thread; workers only see what a
// request hands them (shared, immutable inputs; a pipeline no one else touches meanwhile).
struct PipelineModel::Impl {
    explicit Impl(PipelineModel& model);
    ~Impl();

    PipelineModel& q;
    DisplayedRun& displayed;
    // Declared first so it is destroyed last: the destructor waits for every task in it.
    QThreadPool pool;

    // ---- input ----
    std::shared_ptr<const processing::Image> input;
    std::shared_ptr<const processing::ImageMetadata> metadata;
    QString label;
    QString path;
    std::string source;        // what a session names (LoadedInput::source); empty: unnamed
    std::string sourceSha256;  // of the file as loaded
    int frame = 0;
    QFutureWatcher<QString> sessionWatcher;  // a session being saved: its error or ""
    QFutureWatcher<ExportOutcome> exportWatcher;
    std::shared_ptr<processing::CancelToken> exportToken;
    QString exportFolder;
    QString sessionPath;
    QFutureWatcher<LoadedInput> loadWatcher;
    int loadGeneration = 0;
    bool loading = false;

    // ---- parameters ----
    processing::PipelineParameters parameters;
    QUndoStack undoStack;
    QTimer debounce;
    QElapsedTimer lastEdit;  // since the last parameter edit (invalid before the first)
    int mergeWindowMs = 500;
    // ---- mask edits ----
    std::shared_ptr<const processing::MaskEdits> edits =
        std::make_shared<const processing::MaskEdits>();
    int inputGeneration = 0;  // counts adopted inputs: a mask edit belongs to one
    // Edits waiting for their pixels to be worked out (PipelineModel::editMask), and the one
    // being worked out: its description, the edits and input it was made on.
    struct PendingEdit {
        std::function<processing::Mask(const processing::Mask&)> edit;
        QString description;
    };
    std::deque<PendingEdit> editQueue;
    QFutureWatcher<std::shared_ptr<const processing::MaskEdits>> editWatcher;
    QString editDescription;
    std::shared_ptr<const processing::MaskEdits> editBase;
    int editGeneration = 0;
    // ---- contour guidance (seeds and box) ----
    processing::ContourGuidance guidance;

    // ---- backend and pipeline ----
    std::shared_ptr<processing::ComputeBackend> backend;
    // Replaced (never reset in place) when the input or the backend changes, so a cancelled
    // run still finishing on the old one never shares it with a new run.
    std::shared_ptr<processing::Pipeline> pipeline;
    mutable std::optional<std::vector<gpu::BackendAvailability>> backendList;

    // ---- the run in flight ----
    QFutureWatcher<StageUpdate> runWatcher;
    std::shared_ptr<RunOutcome> runOutcome;  // null: no run in flight
    std::shared_ptr<processing::Pipeline> runPipeline;
    processing::PipelineParameters runParameters;
    processing::StageId runFirst = processing::StageId::Median;
    processing::BackendKind runBackend = processing::BackendKind::Serial;
    std::optional<processing::StageId> runLastPublished;
    bool runCancelRequested = false;
    RunTiming timingBeforeRun;
    bool runPending = false;  // start a run as soon as the one in flight has stopped
    bool runFull = false;     // the next run starts at the median
    // displayed() differs from the pipeline's last complete result from this stage on (a
    // cancelled or failed run published some stages): the next run starts there at the latest.
    std::optional<processing::StageId> dirtyFrom;
    std::map<processing::BackendKind, RunTiming> lastTimings;
    std::optional<processing::StageId> staleFrom;  // see PipelineModel::staleFrom

    // ---- comparison ----
    QFutureWatcher<BackendComparison> compareWatcher;
    std::shared_ptr<processing::CancelToken> compareToken;
    bool comparing = false;

    bool lastBusy = false;

    // input (PipelineModel.cpp)
    void startLoad(const QString& text, const std::function<LoadedInput()>& load);
    void onLoadFinished();
    void adoptInput(std::shared_ptr<const processing::Image> image,
                    std::shared_ptr<const processing::ImageMetadata> meta, const QString& newLabel,
                    const QString& newPath, const session::Session* opened = nullptr);
    void applyParameters(const processing::PipelineParameters& p);
    bool applyMaskEdits(const std::shared_ptr<const processing::MaskEdits>& e, int generation);
    bool applyGuidance(const processing::ContourGuidance& g, int generation);
    void startNextEdit();
    void onEditComputed();
    void replacePipeline();
    template <typename T>
    void releaseOnWorker(T garbage);

    // runs (PipelineModelRuns.cpp)
    void requestRun(bool immediate);
    void onDebounceTimeout();
    void startRun();
    void cancelRun();
    void onStageReady(int index);
    void onRunFinished();
    void restoreTimingAfter(std::optional<processing::StageId> lastPublished);
    void startComparison();
    void onComparisonFinished();
    [[nodiscard]] bool busy() const;
    void updateBusy();
    void shutdown();
};

// Frees big buffers on a worker instead of the GUI thread (freeing ~100 MB takes a few ms).
template <typename T>
void PipelineModel::Impl::releaseOnWorker(T garbage) {
    auto holder = std::make_shared<T>(std::move(garbage));
    pool.start([holder = std::move(holder)]() mutable { holder.reset(); });
}

}  // namespace xrayprep::ui
