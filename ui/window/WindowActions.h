#pragma once

#include <QObject>
#include <array>

#include "ui/data/ViewStage.h"

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;
class QToolBar;
class QUndoStack;

namespace xrayprep::ui {

// The main window's actions with their shortcuts, menus and tool bar, in one place so that
// menus, tool bar and the shortcut list agree.
class WindowActions : public QObject {
    Q_OBJECT

  public:
    WindowActions(QMainWindow* window, QUndoStack* undoStack);

    // File
    QAction* open = nullptr;
    QAction* openSamplePlanar = nullptr;
    QAction* openSampleLateral = nullptr;
    QMenu* recentMenu = nullptr;
    QAction* exportResults = nullptr;
    QAction* openFromPacs = nullptr;
    QAction* sendToPacs = nullptr;  // enabled by the window: results of a DICOM input
    QAction* openSession = nullptr;
    QAction* saveSession = nullptr;
    QAction* loadPreset = nullptr;
    QAction* savePreset = nullptr;
    QAction* quit = nullptr;
    // Edit
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* resetParameters = nullptr;
    // View
    QAction* zoomIn = nullptr;
    QAction* zoomOut = nullptr;
    QAction* fit = nullptr;
    QAction* actualSize = nullptr;
    QAction* windowFromDicom = nullptr;
    QAction* windowAuto = nullptr;
    QAction* windowFullRange = nullptr;
    QAction* showContours = nullptr;
    QAction* showMask = nullptr;
    QAction* compareSideBySide = nullptr;
    QAction* compareFlicker = nullptr;
    QAction* compareOff = nullptr;
    std::array<QAction*, kViewStageCount> stages{};
    QMenu* viewMenu = nullptr;  // the window adds its docks' toggle actions here
    // Run
    QAction* rerun = nullptr;
    QAction* cancel = nullptr;
    QAction* compareBackends = nullptr;
    // Help
    QAction* shortcuts = nullptr;
    QAction* about = nullptr;

    QToolBar* toolBar = nullptr;

    // Enables what needs an image / an idle pipeline.
    void setHasImage(bool hasImage);
    void setBusy(bool busy);

  private:
    void createFileMenu(QMainWindow* window);
    void createEditMenu(QMainWindow* window, QUndoStack* undoStack);
    void createViewMenu(QMainWindow* window);
    void createRunMenu(QMainWindow* window);
    void createHelpMenu(QMainWindow* window);
    void createToolBar(QMainWindow* window);
};

}  // namespace xrayprep::ui
