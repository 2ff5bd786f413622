// PipelineModel: saving sessions (opening one is a load: PipelineModel::openSession).
#include <QtConcurrent/QtConcurrentRun>
#include <filesystem>

#include "session/SessionFile.h"
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
                s->edits = *edits;
                session::SessionFile::save(*s, file, protectedPaths);
                return QString();
            } catch (const std::exception& e) {
                return QString::fromUtf8(e.what());
            }
        }));
    return true;
}

}  // namespace xrayprep::ui
