#include "ui/model/MeshTask.h"

#include <QtConcurrent/QtConcurrentRun>
#include <exception>

#include "ui/data/WorkerPriority.h"

namespace xrayprep::ui {

MeshTask::MeshTask(QObject* parent)
    : QObject(parent),
      build_([](const processing::MeshInputs& inputs, const processing::MeshParams& params,
                const processing::CancelToken* cancel) {
          return processing::MeshBuilder{}(inputs, params, cancel);
      }) {
    pool_.setMaxThreadCount(1);
    debounce_.setSingleShot(true);
    debounce_.setInterval(150);
    connect(&debounce_, &QTimer::timeout, this, &MeshTask::startBuild);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &MeshTask::onBuildFinished);
}

MeshTask::~MeshTask() {
    if (token_ != nullptr) token_->cancel();
    watcher_.disconnect(this);
    watcher_.waitForFinished();
}

void MeshTask::setBuildFunction(BuildFunction build) { build_ = std::move(build); }

void MeshTask::setDebounceMilliseconds(int ms) { debounce_.setInterval(ms); }

void MeshTask::setSource(const DisplayedRun& run) {
    if (run.contour == nullptr) {
        clearSource();
        return;
    }
    source_ = {run.contour, run.esf, run.original,
               run.metadata != nullptr ? run.metadata->spacing : std::nullopt};
    ++wanted_;
}

void MeshTask::clearSource() {
    cancel();
    source_ = {};
    mesh_.reset();
    ++wanted_;
}

void MeshTask::setRequest(const MeshRequest& request) {
    if (request == request_) return;
    request_ = request;
    ++wanted_;
}

bool MeshTask::upToDate() const { return mesh_ != nullptr && built_ == wanted_; }

void MeshTask::schedule() {
    if (!hasSource()) return;
    debounce_.start();
    updateBusy();
}

void MeshTask::cancel() {
    debounce_.stop();
    queued_ = false;
    if (running_ && token_ != nullptr) token_->cancel();
    ++wanted_;  // whatever is running now is for an older state: its result is dropped
    updateBusy();
}

bool MeshTask::isBuilding() const { return running_ || queued_ || debounce_.isActive(); }

void MeshTask::startBuild() {
    if (!hasSource()) return;
    if (running_) {
        // One build at a time: stop the superseded one and start when it has returned.
        if (launched_ != wanted_) {
            token_->cancel();
            queued_ = true;
        }
        updateBusy();
        return;
    }
    if (upToDate()) return;
    auto token = std::make_shared<processing::CancelToken>();
    token_ = token;
    launched_ = wanted_;
    launchedRequest_ = request_;
    running_ = true;
    watcher_.setFuture(QtConcurrent::run(
        &pool_, [source = source_, request = request_, build = build_, token]() -> Outcome {
            lowerWorkerThreadPriority();
            Outcome outcome;
            try {
                const processing::MeshInputs inputs{
                    source.contour->mask, source.esf ? &source.esf->field : nullptr,
                    source.xray.get(), source.spacing, request.colour};
                outcome.mesh = std::make_shared<const processing::TriangleMesh>(
                    build(inputs, request.params, token.get()));
            } catch (const processing::Cancelled&) {
                outcome.cancelled = true;
            } catch (const std::exception& e) {
                outcome.error = e.what();
            }
            return outcome;
        }));
    updateBusy();
}

void MeshTask::onBuildFinished() {
    running_ = false;
    const Outcome outcome = watcher_.result();
    const bool current = launched_ == wanted_ && !outcome.cancelled;
    if (current && outcome.mesh != nullptr) {
        mesh_ = outcome.mesh;
        meshRequest_ = launchedRequest_;
        built_ = launched_;
    }
    if (queued_) {
        queued_ = false;
        startBuild();
    }
    updateBusy();
    if (!current) return;
    if (outcome.mesh != nullptr) {
        emit meshReady();
    } else {
        emit buildFailed(QString::fromStdString(outcome.error));
    }
}

void MeshTask::updateBusy() {
    const bool busy = isBuilding();
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy);
}

}  // namespace xrayprep::ui
