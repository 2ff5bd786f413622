#pragma once

#include <QDir>
#include <QObject>
#include <QPixmap>
#include <QString>
#include <functional>

namespace xrayprep::ui {
class MainWindow;
class PipelineModel;
}  // namespace xrayprep::ui

namespace xrayprep::app {

// `xrayprep --screenshots DIR`: once the first run has finished, shows every stage in turn,
// saves the window as DIR/<prefix>-<n>-<stage>.png, then draws a Lasso + outline and saves the
// window before releasing it (DIR/<prefix>-<n+1>-lasso.png), then edits the mask with the Erase
// tool (a stroke across the largest bone, the brush's outline over the image) and saves
// DIR/<prefix>-<n+2>-mask-editing.png, then sets a box and two seeds for the contour stage and
// saves DIR/<prefix>-<n+3>-seeds-and-box.png, then opens File > Export and saves the window with
// the dialog over it as DIR/<prefix>-<n+4>-export-dialog.png, then raises the 3D preview, waits for
// its mesh and saves DIR/<prefix>-<n+5>-3d.png, and quits. For the README's screenshots and for
// looking at the GUI on a machine without a person in front of it.
class ScreenshotDriver : public QObject {
    Q_OBJECT

  public:
    ScreenshotDriver(ui::MainWindow& window, ui::PipelineModel& model, const QString& folder,
                     const QString& prefix);

  private:
    void start();
    void captureNext();
    void captureLasso();
    // After a mask edit was queued: `changed` once its run has finished, else `unchanged`.
    void afterEdit(std::function<void()> changed, std::function<void()> unchanged);
    void captureEditing();
    void captureGuidance();
    void captureExportDialog();
    void capturePreview();
    bool save(const QString& name);  // the window as DIR/<prefix>-<n>-<name>.png; false: quit(1)
    bool saveImage(const QPixmap& shot, const QString& name);

    ui::MainWindow& window_;
    ui::PipelineModel& model_;
    QDir folder_;
    QString prefix_;
    int next_ = 0;
    bool started_ = false;
};

}  // namespace xrayprep::app
