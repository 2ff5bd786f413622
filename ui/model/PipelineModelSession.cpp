// PipelineModel: saving sessions (opening one is a load: PipelineModel::openSession) and
// exporting the shown result (File > Export).
#include <QtConcurrent/QtConcurrentRun>
#include <filesystem>

#include "session/SessionFile.h"
#include "ui/data/WorkerPriority.h"
#include "ui/model/PipelineModelImpl.h"

namespace xrayprep::ui {

bool PipelineModel::canSaveSession() const {
    return impl_->input != nullptr && !impl_->source.empty();
}

bool PipelineModel::saveSession(const QString& path) {
    Impl& d = *impl_;
    if (!canSaveSession() || d.sessionWatcher.isRunning()) return false;
    auto s = std::make_shared<session::Session>();
    s->input = d.source;
    s->inputSha256 = d.sourceSha256;
    s->frame = d.frame;
    s->parameters = d.parameters;
    s->guidance = d.guidance;
    s->application = std::string("xrayprep ") + XRAYPREP_VERSION;
    const std::filesystem::path file(path.toStdU16String());
    std::vector<std::filesystem::path> protectedPaths;
    if (!d.path.isEmpty()) protectedPaths.emplace_back(d.path.toStdU16String());
    d.sessionPath = path;
    // The layer is image-sized: copied and encoded on the worker.
    d.sessionWatcher.setFuture(
        QtConcurrent::run(&d.pool, [s, edits = d.edits, file, protectedPaths] {
            try {
                lowerWorkerThreadPriority();
                s->edits = *edits;
                session::SessionFile::save(*s, file, protectedPaths);
                return QString();
            } catch (const std::exception& e) {
                return QString::fromUtf8(e.what());
            }
        }));
    return true;
}

bool PipelineModel::isExporting() const { return impl_->exportWatcher.isRunning(); }

bool PipelineModel::exportResults(const ExportChoice& choice) {
    Impl& d = *impl_;
    if (isExporting() || !d.input || !d.displayed.esf || choice.items.empty()) return false;
    ExportJob job;
    job.choice = choice;
    job.run = d.displayed;  // shared pointers: no pixels copied here
    job.source = d.source.empty() ? d.label.toStdString() : d.source;
    job.fromFile = !d.path.isEmpty();
    job.sourceSha256 = d.sourceSha256;
    if (!d.path.isEmpty()) job.protectedPaths.emplace_back(d.path.toStdU16String());
    job.cancel = std::make_shared<processing::CancelToken>();
    d.exportToken = job.cancel;
    d.exportFolder = choice.folder;
    d.exportWatcher.setFuture(QtConcurrent::run(&d.pool, &exportTask, job));
    return true;
}

void PipelineModel::cancelExport() {
    if (!isExporting()) return;
    // The token only: the worker stops before its next file and still reports (a cancelled
    // future would drop the report).
    impl_->exportToken->cancel();
}

}  // namespace xrayprep::ui
