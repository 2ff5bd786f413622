#pragma once

#include <QFutureWatcher>
#include <QObject>

#include "ui/data/DisplayedRun.h"

class QDockWidget;

namespace xrayprep::ui {

class MeshPreviewPanel;
class MeshTask;

// The window's "3D Preview" dock: connects the panel's controls to a MeshTask, builds only
// while the dock is visible (a hidden dock remembers that its mesh is stale), and writes the
// mesh the user exports (STL, OBJ, PLY, VTP through mesh_export).
class MeshPreviewDock : public QObject {
    Q_OBJECT

  public:
    explicit MeshPreviewDock(QWidget* window);

    [[nodiscard]] MeshPreviewPanel& panel() { return *panel_; }
    [[nodiscard]] MeshTask& task() { return *task_; }
    void attach(QDockWidget* dock);  // the dock that holds panel(); builds follow its visibility

    void showRun(const DisplayedRun& run);  // a run whose ESF has finished
    void clear();                           // a new input: nothing to show until its ESF
    // A run started whose ESF will replace the mesh's source: a build going or scheduled now
    // would be thrown away and takes cores from the run the user waits for (on two cores an
    // OpenMP run loses its second core to it), so it stops; the shown mesh stays.
    void pauseForRun();
    // The run stopped without an ESF (cancelled or failed): what pauseForRun stopped is built.
    void resumeAfterRun();
    // Writes the shown mesh on a worker thread (a large mesh takes a while); the format follows
    // the extension (.stl .obj .ply .vtp). False, with a message, when there is no mesh or no
    // such format; otherwise meshExported tells how the write went.
    bool exportMeshTo(const QString& path);

  signals:
    void message(const QString& title, const QString& text);  // e.g. an export failed
    // A write started by exportMeshTo ended: error empty when the file is complete.
    void meshExported(const QString& path, const QString& error);

  private:
    void rebuildIfShown();
    void exportMesh();
    [[nodiscard]] bool shown() const;

    QWidget* window_;
    MeshPreviewPanel* panel_ = nullptr;
    MeshTask* task_ = nullptr;
    QDockWidget* dock_ = nullptr;
    QString inputLabel_;
    QFutureWatcher<QString> writeWatcher_;
    QString writing_;      // the file being written
    bool paused_ = false;  // pauseForRun stopped a build that resumeAfterRun owes
};

}  // namespace xrayprep::ui
