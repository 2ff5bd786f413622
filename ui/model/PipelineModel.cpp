#include "ui/model/PipelineModel.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

#include "ui/data/WorkerPriority.h"
#include "ui/model/ParameterEditCommand.h"
#include "ui/model/PipelineModelImpl.h"
#include "ui/model/PresetFile.h"
#include "ui/model/SnapshotCommand.h"

namespace xrayprep::ui {

using processing::BackendKind;
using MaskLayer = std::shared_ptr<const processing::MaskEdits>;

PipelineModel::Impl::Impl(PipelineModel& model) : q(model), displayed(model.displayed_) {
    // Loading, one run (plus one being cancelled), a comparison and buffer releases may overlap.
    pool.setMaxThreadCount(4);
    debounce.setSingleShot(true);
    debounce.setInterval(40);
    backend = gpu::makeBackend(BackendKind::OpenMP);
}

PipelineModel::Impl::~Impl() { shutdown(); }

PipelineModel::PipelineModel(QObject* parent)
    : QObject(parent), impl_(std::make_unique<Impl>(*this)) {
    Impl& d = *impl_;
    connect(&d.debounce, &QTimer::timeout, this, [&d] { d.onDebounceTimeout(); });
    connect(&d.loadWatcher, &QFutureWatcherBase::finished, this, [&d] { d.onLoadFinished(); });
    connect(&d.editWatcher, &QFutureWatcherBase::finished, this, [&d] { d.onEditComputed(); });
    connect(&d.exportWatcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        const Impl& i = *impl_;
        emit exportProgress(value, i.exportWatcher.progressMaximum(),
                            i.exportWatcher.progressText());
    });
    connect(&d.exportWatcher, &QFutureWatcherBase::finished, this, [this, &d] {
        // A cancelled future may hold no result: it was cancelled before the worker began.
        const QFuture<ExportOutcome> f = d.exportWatcher.future();
        const ExportOutcome outcome =
            f.resultCount() > 0 ? f.result() : ExportOutcome{{}, {}, true};
        emit exportFinished(d.exportFolder, outcome.files, outcome.error, outcome.cancelled);
    });
    connect(&d.sessionWatcher, &QFutureWatcherBase::finished, this,
            [this, &d] { emit sessionSaved(d.sessionPath, d.sessionWatcher.result()); });
    connect(&d.runWatcher, &QFutureWatcherBase::resultReadyAt, this,
            [&d](int index) { d.onStageReady(index); });
    connect(&d.runWatcher, &QFutureWatcherBase::finished, this, [&d] { d.onRunFinished(); });
    connect(&d.compareWatcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        const Impl& i = *impl_;
        const int range = i.compareWatcher.progressMaximum() - i.compareWatcher.progressMinimum();
        const int percent =
            range > 0 ? 100 * (value - i.compareWatcher.progressMinimum()) / range : 0;
        emit comparisonProgress(percent, i.compareWatcher.progressText());
    });
    connect(&d.compareWatcher, &QFutureWatcherBase::finished, this,
            [&d] { d.onComparisonFinished(); });
}

PipelineModel::~PipelineModel() {
    impl_->shutdown();
    impl_.reset();
}

// ---- input ----

void PipelineModel::openFile(const QString& path, int frame) {
    impl_->startLoad(QFileInfo(path).fileName(),
                     [path, frame] { return loadDicomInput(path, frame); });
}

void PipelineModel::openSample(processing::PhantomView view, int width, int height) {
    impl_->startLoad(sampleLabel(view),
                     [view, width, height] { return makeSampleInput(view, width, height); });
}

void PipelineModel::openSession(const QString& path) {
    impl_->startLoad(QFileInfo(path).fileName(), [path] { return loadSessionInput(path); });
}

void PipelineModel::setInput(processing::Image image, processing::ImageMetadata metadata,
                             const QString& label) {
    ++impl_->loadGeneration;  // a load still going is superseded
    impl_->loading = false;
    impl_->source.clear();
    impl_->sourceSha256.clear();
    impl_->frame = 0;
    impl_->adoptInput(std::make_shared<const processing::Image>(std::move(image)),
                      std::make_shared<const processing::ImageMetadata>(std::move(metadata)), label,
                      QString());
}

bool PipelineModel::hasInput() const { return impl_->input != nullptr; }
QString PipelineModel::inputLabel() const { return impl_->label; }
QString PipelineModel::inputPath() const { return impl_->path; }

void PipelineModel::Impl::startLoad(const QString& text, const std::function<LoadedInput()>& load) {
    const int generation = ++loadGeneration;
    loading = true;
    emit q.loadStarted(text);
    loadWatcher.setFuture(QtConcurrent::run(&pool, [load, generation] {
        lowerWorkerThreadPriority();
        LoadedInput loaded = load();
        loaded.generation = generation;
        return loaded;
    }));
    updateBusy();
}

void PipelineModel::Impl::onLoadFinished() {
    const QFuture<LoadedInput> future = loadWatcher.future();
    if (future.resultCount() == 0) return;
    LoadedInput loaded = future.result();
    if (loaded.generation != loadGeneration) return;  // superseded or cancelled
    loading = false;
    // Drop the future's copy of the pixels with the watcher's next future, not here.
    if (!loaded.error.isEmpty()) {
        emit q.loadFailed(loaded.error);  // the previous image and results stay
        updateBusy();
        return;
    }
    source = loaded.source;
    sourceSha256 = loaded.sha256;
    frame = loaded.frame;
    adoptInput(std::move(loaded.image), std::move(loaded.metadata), loaded.label, loaded.path,
               loaded.session.get());
}

void PipelineModel::Impl::adoptInput(std::shared_ptr<const processing::Image> image,
                                     std::shared_ptr<const processing::ImageMetadata> meta,
                                     const QString& newLabel, const QString& newPath,
                                     const session::Session* opened) {
    cancelRun();
    const int previousBits = input ? input->bitsStored() : 0;
    input = std::move(image);
    metadata = std::move(meta);
    label = newLabel;
    path = newPath;
    releaseOnWorker(std::move(displayed));
    ++inputGeneration;
    const bool hadEdits = !edits->empty();
    edits = std::make_shared<const processing::MaskEdits>();
    if (hadEdits) emit q.maskEditsChanged();
    const bool hadGuidance = !guidance.empty();
    guidance = {};
    if (hadGuidance) emit q.guidanceChanged();
    // Parameters in stored values follow the new image's bit depth: a manual threshold of 207
    // on a 10-bit image is 828 on a 12-bit one, not a threshold in the shadows.
    if (opened == nullptr && previousBits > 0 && previousBits != input->bitsStored() &&
        parameters.threshold.manualValue != 0) {
        const double from = std::ldexp(1.0, previousBits) - 1.0;
        const double to = std::ldexp(1.0, input->bitsStored()) - 1.0;
        const int before = parameters.threshold.manualValue;
        parameters.threshold.manualValue =
            static_cast<int>(std::clamp(std::lround(before * to / from), 0L, std::lround(to)));
        emit q.parametersChanged();
        emit q.parametersAdapted(tr("Manual threshold %1 (%2-bit) became %3 for this %4-bit image")
                                     .arg(before)
                                     .arg(previousBits)
                                     .arg(parameters.threshold.manualValue)
                                     .arg(input->bitsStored()));
    }
    if (opened != nullptr) {
        // A session: its parameters, seeds, box and edits belong to this input (not undoable,
        // like opening the file).
        parameters = opened->parameters;
        emit q.parametersChanged();
        guidance = opened->guidance;
        edits = std::make_shared<const processing::MaskEdits>(opened->edits);
        emit q.guidanceChanged();
        emit q.maskEditsChanged();
    }
    displayed = DisplayedRun{};
    staleFrom.reset();
    displayed.original = input;
    displayed.metadata = metadata;
    displayed.inputLabel = label.toStdString();
    displayed.parameters = parameters;
    displayed.timing.backend = backend->kind();
    displayed.timing.backendDescription = backend->description();
    replacePipeline();
    emit q.inputLoaded();
    requestRun(true);
}

void PipelineModel::Impl::replacePipeline() {
    if (!input) return;
    if (pipeline) releaseOnWorker(std::move(pipeline));  // a run still on it holds its own
    pipeline = std::make_shared<processing::Pipeline>(backend);
    dirtyFrom.reset();  // a fresh pipeline runs from the median anyway
}

// ---- parameters ----

const processing::PipelineParameters& PipelineModel::parameters() const {
    return impl_->parameters;
}

void PipelineModel::editParameters(const processing::PipelineParameters& edited,
                                   const QString& description) {
    if (edited == impl_->parameters) return;
    Impl* d = impl_.get();
    impl_->undoStack.push(new ParameterEditCommand(
        [d](const processing::PipelineParameters& p) { d->applyParameters(p); }, d->parameters,
        edited, description, std::chrono::milliseconds(d->mergeWindowMs)));
}

void PipelineModel::Impl::applyParameters(const processing::PipelineParameters& p) {
    if (p == parameters) return;
    parameters = p;
    emit q.parametersChanged();
    requestRun(false);
}

QUndoStack* PipelineModel::undoStack() { return &impl_->undoStack; }

// ---- mask edits ----

const processing::MaskEdits& PipelineModel::maskEdits() const { return *impl_->edits; }

std::int64_t PipelineModel::editsOutsideAnatomy() const {
    return impl_->displayed.editsOutsideAnatomy;
}

bool PipelineModel::editMask(const std::function<processing::Mask(const processing::Mask&)>& edit,
                             const QString& description) {
    const auto& contour = impl_->displayed.contour;
    if (!contour || contour->mask.empty() || !impl_->input ||
        !contour->mask.sameSize(impl_->input->width(), impl_->input->height())) {
        return false;
    }
    impl_->editQueue.push_back({edit, description});
    if (!impl_->editWatcher.isRunning()) impl_->startNextEdit();
    return true;
}

// An edit's pixels are worked out on a worker (a reference-size mask takes ~80 ms to edit,
// compare and record), one edit at a time, each on the edits the one before left.
void PipelineModel::Impl::startNextEdit() {
    if (editQueue.empty() || !displayed.contour) {
        editQueue.clear();
        return;
    }
    PendingEdit next = std::move(editQueue.front());
    editQueue.pop_front();
    editDescription = next.description;
    editBase = edits;
    editGeneration = inputGeneration;
    editWatcher.setFuture(QtConcurrent::run(
        &pool, [contour = displayed.contour, base = edits, edit = std::move(next.edit)]() {
            lowerWorkerThreadPriority();
            const processing::Mask& before = contour->mask;
            const processing::Mask after = edit(before);
            if (after == before) return MaskLayer();
            auto changed = std::make_shared<processing::MaskEdits>(*base);
            changed->record(before, after);
            return MaskLayer(std::move(changed));
        }));
}

void PipelineModel::Impl::onEditComputed() {
    const QFuture<MaskLayer> f = editWatcher.future();
    MaskLayer changed = f.resultCount() > 0 ? f.result() : MaskLayer();
    const bool current = editGeneration == inputGeneration;
    // An edit made on edits an undo has taken away since is dropped, like one made on a mask
    // that is no longer shown.
    if (!current || editBase != edits) changed.reset();
    const bool recorded = changed != nullptr;  // before the command takes it
    if (changed) {
        Impl* d = this;
        const int generation = inputGeneration;
        undoStack.push(new SnapshotCommand<MaskLayer>(
            [d, generation](const MaskLayer& e) { return d->applyMaskEdits(e, generation); }, edits,
            std::move(changed), editDescription));
    }
    if (!current) editQueue.clear();
    emit q.maskEditDone(recorded);
    startNextEdit();
}

bool PipelineModel::clearMaskEdits() {
    if (impl_->edits->empty()) return false;
    Impl* d = impl_.get();
    const int generation = d->inputGeneration;
    impl_->undoStack.push(new SnapshotCommand<MaskLayer>(
        [d, generation](const MaskLayer& e) { return d->applyMaskEdits(e, generation); }, d->edits,
        std::make_shared<const processing::MaskEdits>(), tr("Clear mask edits")));
    return true;
}

bool PipelineModel::Impl::applyMaskEdits(const std::shared_ptr<const processing::MaskEdits>& e,
                                         int generation) {
    if (generation != inputGeneration) return false;  // made for another image
    edits = e;
    emit q.maskEditsChanged();
    requestRun(true);
    return true;
}

QString PipelineModel::savePreset(const QString& path) const {
    return savePresetFile(path, impl_->parameters);
}

QString PipelineModel::loadPreset(const QString& path) {
    processing::PipelineParameters loaded = impl_->parameters;
    const QString error = loadPresetFile(path, loaded);
    if (!error.isEmpty()) return error;
    if (loaded == impl_->parameters) return {};
    Impl* d = impl_.get();
    impl_->undoStack.push(new ParameterEditCommand(
        [d](const processing::PipelineParameters& p) { d->applyParameters(p); }, d->parameters,
        loaded, QStringLiteral("Load preset %1").arg(QFileInfo(path).fileName()),
        std::chrono::milliseconds(0), false));
    return {};
}

void PipelineModel::setDebounceMilliseconds(int ms) {
    impl_->debounce.setInterval(std::max(0, ms));
}

void PipelineModel::setMergeWindowMilliseconds(int ms) { impl_->mergeWindowMs = std::max(0, ms); }

// ---- backends ----

std::vector<gpu::BackendAvailability> PipelineModel::availableBackends() const {
    if (!impl_->backendList) impl_->backendList = gpu::listBackends();
    return *impl_->backendList;
}

void PipelineModel::setBackend(processing::BackendKind kind, int threads) {
    std::shared_ptr<processing::ComputeBackend> created;
    try {
        created = gpu::makeBackend(kind, threads);
    } catch (const std::exception& e) {
        emit runFailed(QString::fromUtf8(e.what()), true);  // the old backend stays
        return;
    }
    setCustomBackend(std::move(created));
}

void PipelineModel::setCustomBackend(std::shared_ptr<processing::ComputeBackend> backend) {
    if (!backend) return;
    Impl& d = *impl_;
    d.cancelRun();
    d.backend = std::move(backend);
    d.replacePipeline();
    emit backendChanged();
    if (d.input) d.requestRun(true);
}

processing::BackendKind PipelineModel::backend() const { return impl_->backend->kind(); }
int PipelineModel::backendThreads() const { return impl_->backend->threads(); }
QString PipelineModel::backendDescription() const {
    return QString::fromStdString(impl_->backend->description());
}

// ---- runs ----

bool PipelineModel::isBusy() const { return impl_->busy(); }

std::optional<ViewStage> PipelineModel::staleFrom() const {
    if (!impl_->staleFrom) return std::nullopt;
    return viewStageOf(*impl_->staleFrom);
}

void PipelineModel::cancel() {
    Impl& d = *impl_;
    d.debounce.stop();
    d.runPending = false;
    d.cancelRun();
    if (d.loading) {
        ++d.loadGeneration;  // the reader cannot be interrupted: its result is dropped
        d.loading = false;
    }
    if (d.comparing) {
        d.compareToken->cancel();
        d.compareWatcher.future().cancel();
    }
    d.updateBusy();
}

void PipelineModel::rerunAll() {
    impl_->runFull = true;
    impl_->requestRun(true);
}

std::optional<RunTiming> PipelineModel::lastTiming(processing::BackendKind kind) const {
    const auto it = impl_->lastTimings.find(kind);
    if (it == impl_->lastTimings.end()) return std::nullopt;
    return it->second;
}

void PipelineModel::compareBackends() { impl_->startComparison(); }

}  // namespace xrayprep::ui
