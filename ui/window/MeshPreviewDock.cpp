#include "ui/window/MeshPreviewDock.h"

#include <QtConcurrent/QtConcurrentRun>

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <exception>

#include "mesh_export/MeshFileWriter.h"
#include "ui/model/MeshTask.h"
#include "ui/preview/MeshPreviewPanel.h"

namespace xrayprep::ui {

MeshPreviewDock::MeshPreviewDock(QWidget* window)
    : QObject(window),
      window_(window),
      panel_(new MeshPreviewPanel(window)),
      task_(new MeshTask(this)) {
    panel_->setObjectName(QStringLiteral("meshPreview"));
    task_->setRequest({panel_->controls().params(), panel_->controls().colour()});
    connect(panel_, &MeshPreviewPanel::meshSettingsEdited, this, [this] {
        task_->setRequest({panel_->controls().params(), panel_->controls().colour()});
        rebuildIfShown();
    });
    connect(panel_, &MeshPreviewPanel::exportRequested, this, &MeshPreviewDock::exportMesh);
    connect(&writeWatcher_, &QFutureWatcherBase::finished, this, [this] {
        const QString error = writeWatcher_.result();
        if (!error.isEmpty()) emit message(tr("Cannot export the mesh"), error);
        emit meshExported(writing_, error);
    });
    connect(task_, &MeshTask::busyChanged, panel_, &MeshPreviewPanel::setBusy);
    connect(task_, &MeshTask::meshReady, this, [this] {
        panel_->setMessage(QString());
        panel_->setMesh(task_->mesh(), task_->meshRequest().colour);
    });
    connect(task_, &MeshTask::buildFailed, this,
            [this](const QString& text) { panel_->setMessage(tr("No mesh: %1").arg(text)); });
}

void MeshPreviewDock::attach(QDockWidget* dock) {
    dock_ = dock;
    connect(dock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) rebuildIfShown();
    });
}

void MeshPreviewDock::showRun(const DisplayedRun& run) {
    paused_ = false;
    inputLabel_ = QString::fromStdString(run.inputLabel);
    task_->setSource(run);
    panel_->setEsf(run.esf, run.metadata != nullptr ? run.metadata->spacing : std::nullopt);
    rebuildIfShown();
}

void MeshPreviewDock::clear() {
    paused_ = false;
    task_->clearSource();
    panel_->clear();
}

void MeshPreviewDock::pauseForRun() {
    if (!task_->isBuilding()) return;  // a mesh that is up to date stays so
    task_->cancel();
    paused_ = true;
}

void MeshPreviewDock::resumeAfterRun() {
    if (!paused_) return;
    paused_ = false;
    rebuildIfShown();
}

bool MeshPreviewDock::shown() const {
    // A tabbed dock behind another tab is hidden (Qt hides the widgets of inactive tabs).
    return dock_ == nullptr || dock_->isVisible();
}

void MeshPreviewDock::rebuildIfShown() {
    if (!task_->upToDate() && shown()) task_->schedule();
}

void MeshPreviewDock::exportMesh() {
    const auto mesh = panel_->mesh();
    if (mesh == nullptr || mesh->empty()) return;
    QString suggested = QFileInfo(inputLabel_).completeBaseName();
    if (suggested.isEmpty() || suggested.contains(QLatin1Char('('))) suggested = tr("bones");
    const QString path = QFileDialog::getSaveFileName(
        window_, tr("Export the mesh"), suggested + QStringLiteral(".stl"),
        tr("Binary STL (*.stl);;Wavefront OBJ (*.obj);;PLY (*.ply);;VTK PolyData (*.vtp)"));
    if (!path.isEmpty()) exportMeshTo(path);
}

bool MeshPreviewDock::exportMeshTo(const QString& path) {
    const auto mesh = panel_->mesh();
    if (mesh == nullptr || mesh->empty()) {
        emit message(tr("Cannot export the mesh"), tr("There is no mesh to export yet."));
        return false;
    }
    const auto format = mesh_export::meshFormatFromPath(path.toStdString());
    if (!format) {
        emit message(tr("Cannot export the mesh"),
                     tr("%1: choose a file ending in .stl, .obj, .ply or .vtp").arg(path));
        return false;
    }
    if (writeWatcher_.isRunning()) {
        emit message(tr("Cannot export the mesh"), tr("The mesh is still being written."));
        return false;
    }
    writing_ = path;
    // The mesh is shared and immutable: the worker writes it while the view keeps showing it.
    writeWatcher_.setFuture(QtConcurrent::run([mesh, file = path.toStdString(), f = *format] {
        try {
            mesh_export::writeMesh(file, *mesh, f);
            return QString();
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
    }));
    return true;
}

}  // namespace xrayprep::ui
