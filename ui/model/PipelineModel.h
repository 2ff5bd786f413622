#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "gpu/BackendFactory.h"
#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/edit/ContourGuidance.h"
#include "processing/edit/MaskEdits.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/PipelineParameters.h"
#include "ui/data/DisplayedRun.h"
#include "ui/data/TimingData.h"
#include "ui/data/ViewStage.h"
#include "ui/model/ResultExport.h"

namespace xrayprep::ui {

// The application's one pipeline, driven from the GUI thread and run on a worker thread.
//
// Threads. Every public function is called on the GUI thread and returns at once. Loading
// (DICOM decode, phantom generation) and pipeline runs happen on QtConcurrent workers; their
// results come back through QFutureWatcher as signals on the GUI thread. The GUI thread never
// waits for a worker (never spins the event loop by hand, never blocks) except in the
// destructor.
//
// Runs. A parameter edit after a quiet spell starts a run at once; further edits within the
// short debounce are gathered into one run after it; a run already going is cancelled
// (CancelToken) and the new one starts when it has stopped. Stages publish their
// output into displayed() one by one as they finish (stageFinished). A cancelled or failed run
// keeps what was displayed before it.
class PipelineModel : public QObject {
    Q_OBJECT

  public:
    explicit PipelineModel(QObject* parent = nullptr);
    ~PipelineModel() override;  // cancels and waits for the workers

    // ---- input ----
    void openFile(const QString& path, int frame = 0);  // async; inputLoaded or loadFailed
    // A session file (session::SessionFile): its input, parameters, seeds, box and edits, the
    // input checked against its SHA-256 first. Async; inputLoaded or loadFailed.
    void openSession(const QString& path);
    // Saves what reproduces the shown result as a session file (and its edit layer), on a
    // worker; sessionSaved tells how it went. False (nothing started) when the input has no
    // name a session could hold (an image handed over in memory) or a save is going.
    bool saveSession(const QString& path);
    [[nodiscard]] bool canSaveSession() const;
    // File > Export: writes the chosen outputs of the shown result into a folder on a worker
    // (ResultExport: a cancel or failure leaves the folder as it was); exportProgress while it
    // goes, exportFinished at the end. False (nothing started) before the first run has
    // finished or while an export is going.
    bool exportResults(const ExportChoice& choice);
    void cancelExport();
    [[nodiscard]] bool isExporting() const;
    void openSample(processing::PhantomView view = processing::PhantomView::Planar,
                    int width = 2920,
                    int height = 2320);  // async, the built-in synthetic radiograph
    // Sync, for tests and callers that already hold pixels; starts a full run.
    void setInput(processing::Image image, processing::ImageMetadata metadata,
                  const QString& label);
    [[nodiscard]] bool hasInput() const;
    [[nodiscard]] QString inputLabel() const;  // file name (no directory) or "Sample (planar)"
    [[nodiscard]] QString inputPath() const;   // empty for the sample
    [[nodiscard]] const DisplayedRun& displayed() const { return displayed_; }

    // ---- parameters (undoable) ----
    [[nodiscard]] const processing::PipelineParameters& parameters() const;
    // Pushes an undoable edit (text = description) and schedules a run from the first changed
    // stage. No-op when equal to the current parameters.
    void editParameters(const processing::PipelineParameters& edited, const QString& description);
    [[nodiscard]] QUndoStack* undoStack();
    // Preset files: the JSON that `xrayprep-cli run --preset` reads. Return an error message
    // naming the file and the problem, or an empty string on success. Loading is undoable.
    [[nodiscard]] QString savePreset(const QString& path) const;
    [[nodiscard]] QString loadPreset(const QString& path);
    void setDebounceMilliseconds(int ms);  // default 40
    // Consecutive edits of the same key less than this apart are one undo entry (default 500).
    void setMergeWindowMilliseconds(int ms);

    // ---- mask edits (undoable, in the same stack) ----
    // The user's corrections of the mask shown: a layer of added and removed pixels that the
    // mask stage applies on top of the automatic mask, kept when an earlier stage re-runs and
    // cleared by a new input.
    [[nodiscard]] const processing::MaskEdits& maskEdits() const;
    // Applies `edit` (a MaskEditTools call) to the mask shown now, with the edits in it, and
    // records the change as one undoable step named `description`; the mask stage and what
    // follows re-run at once. The pixels are worked out on a worker, edits in the order made;
    // maskEditDone(changed) tells when one is through (changed false: no pixel changed, no
    // step recorded). False, and nothing queued, when no mask is shown yet. `edit` runs later,
    // on the worker: it must hold what it needs by value.
    bool editMask(const std::function<processing::Mask(const processing::Mask&)>& edit,
                  const QString& description);
    // The editing tools (processing::MaskEditTools) as undoable edits of the mask shown; points
    // in image pixels, pixel centres at integer positions. False when nothing changed.
    bool paintMask(const std::vector<processing::Point2f>& stroke, double radius, bool add);
    bool lassoMask(const processing::Contour& outline, bool add);
    bool removeMaskPiece(int x, int y);
    bool fillMaskRegion(int x, int y);
    bool keepOnlyMaskPiece(int x, int y);
    bool fillMaskHoles();
    // Takes every edit off (undoable); false when there is none.
    bool clearMaskEdits();
    // Added pixels outside the anatomy in the latest run (the user is told): 0 without edits.
    [[nodiscard]] std::int64_t editsOutsideAnatomy() const;

    // ---- contour guidance (undoable, in the same stack) ----
    // Seeds and a region-of-interest box that steer the contour stage (processing::
    // GuidedContour), in image pixels; a change re-runs from the contour stage at once. A new
    // input clears them. Each call is one undoable step; false when nothing changed (or no
    // image is open).
    [[nodiscard]] const processing::ContourGuidance& guidance() const;
    bool setGuidance(const processing::ContourGuidance& guidance, const QString& description);
    bool addSeed(int x, int y, bool include);
    bool moveSeed(int index, int x, int y);
    bool removeSeed(int index);
    bool setGuideBox(std::optional<processing::GuideBox> box);
    bool clearGuidance();

    // ---- backends ----
    [[nodiscard]] std::vector<gpu::BackendAvailability> availableBackends() const;
    // Re-runs everything on the new backend. On failure to create it: runFailed(reason, true).
    void setBackend(processing::BackendKind kind, int threads = 0);
    // Uses this backend as it is (tests, backends made elsewhere); re-runs everything.
    void setCustomBackend(std::shared_ptr<processing::ComputeBackend> backend);
    [[nodiscard]] processing::BackendKind backend() const;
    [[nodiscard]] int backendThreads() const;
    [[nodiscard]] QString backendDescription() const;

    // ---- runs ----
    [[nodiscard]] bool isBusy() const;
    // After a run was cancelled when it had published some stages: the first stage that still
    // shows an earlier run's output (made with other parameters than the stages before it);
    // nullopt when displayed() is one run's.
    [[nodiscard]] std::optional<ViewStage> staleFrom() const;  // loading, running or comparing
    void cancel();  // cancels the running work; the previous result stays
    void rerunAll();
    // Timing of the most recent completed run per backend (for "speedup against serial").
    [[nodiscard]] std::optional<RunTiming> lastTiming(processing::BackendKind kind) const;
    // Every available backend on the current input and parameters, serial first, with the
    // per-stage pixel differences against serial. Async: comparisonFinished.
    void compareBackends();

  signals:
    void loadStarted(const QString& label);
    void inputLoaded();  // displayed().original/metadata set; a full run follows
    void loadFailed(const QString& message);
    // error empty: the session was written to path.
    void sessionSaved(const QString& path, const QString& error);
    void exportProgress(int done, int total, const QString& file);
    // files: written into folder; error non-empty: none were; cancelled: none were.
    void exportFinished(const QString& folder, const QStringList& files, const QString& error,
                        bool cancelled);
    void runStarted(xrayprep::ui::ViewStage firstStage);  // stages from here on are pending
    void stageFinished(xrayprep::ui::ViewStage stage);    // displayed() holds its output
    void progress(int percent, const QString& text);
    void runFinished();   // every stage done; displayed().timing complete
    void runCancelled();  // superseded or cancelled; displayed() unchanged since last stage
    // backendFailure: the backend (e.g. CUDA) failed; the window offers a CPU backend.
    void runFailed(const QString& message, bool backendFailure);
    void parametersChanged();  // after edits, undo/redo and preset loads
    // A new input changed parameters to fit it (e.g. a manual threshold scaled to its bit
    // depth); the text says what, for the status bar.
    void parametersAdapted(const QString& text);
    void maskEditsChanged();          // after a mask edit, its undo/redo, a clear or a new input
    void maskEditDone(bool changed);  // an editMask call is through
    void guidanceChanged();  // seeds or box changed: after an edit, its undo/redo, a new input
    void backendChanged();
    void busyChanged(bool busy);
    void comparisonProgress(int percent, const QString& text);
    void comparisonFinished(const xrayprep::ui::BackendComparison& comparison);
    void comparisonCancelled();  // cancel() during compareBackends(): no result

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    DisplayedRun displayed_;
};

}  // namespace xrayprep::ui
