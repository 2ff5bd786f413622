#include "ui/window/WindowActions.h"

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>
#include <QUndoStack>

namespace xrayprep::ui {

namespace {

QAction* makeAction(QObject* parent, const QString& text, const QKeySequence& key = {},
                    const QString& tip = {}) {
    auto* action = new QAction(text, parent);
    if (!key.isEmpty()) action->setShortcut(key);
    QString toolTip = tip.isEmpty() ? QString(text).remove(QLatin1Char('&')).remove("…") : tip;
    if (!key.isEmpty()) {
        toolTip += QStringLiteral(" (%1)").arg(key.toString(QKeySequence::NativeText));
    }
    action->setToolTip(toolTip);
    action->setStatusTip(toolTip);
    return action;
}

QAction* makeToggle(QObject* parent, const QString& text, const QKeySequence& key, bool on) {
    QAction* action = makeAction(parent, text, key);
    action->setCheckable(true);
    action->setChecked(on);
    return action;
}

}  // namespace

WindowActions::WindowActions(QMainWindow* window, QUndoStack* undoStack) : QObject(window) {
    createFileMenu(window);
    createEditMenu(window, undoStack);
    createViewMenu(window);
    createRunMenu(window);
    createHelpMenu(window);
    createToolBar(window);
    setHasImage(false);
    setBusy(false);
}

void WindowActions::createFileMenu(QMainWindow* window) {
    QMenu* menu = window->menuBar()->addMenu(tr("&File"));
    open = makeAction(this, tr("&Open…"), QKeySequence::Open, tr("Open a DICOM radiograph"));
    openSamplePlanar =
        makeAction(this, tr("Open &Sample (planar)"), QKeySequence(tr("Ctrl+Shift+O")),
                   tr("Open the built-in synthetic foot radiograph"));
    openSampleLateral = makeAction(this, tr("Open Sample (&lateral)"));
    recentMenu = new QMenu(tr("Open &Recent"), window);
    exportResults = makeAction(this, tr("&Export…"), QKeySequence(tr("Ctrl+E")),
                               tr("Write the masks, final image, ESF, contours, meshes, derived "
                                  "DICOM, contact sheet or report into a folder"));
    openFromPacs = makeAction(this, tr("Open from &PACS…"), QKeySequence(tr("Ctrl+Shift+P")),
                              tr("Find a study on a DICOM node, retrieve it and open it"));
    sendToPacs = makeAction(this, tr("Sen&d to PACS"), QKeySequence(),
                            tr("Store the derived image (final.dcm) and the segmentation "
                               "(seg.dcm) on the DICOM node"));
    sendToPacs->setEnabled(false);
    openSession = makeAction(this, tr("Open Se&ssion…"), QKeySequence(),
                             tr("Open a saved session: its image, parameters, seeds and edits"));
    saveSession = makeAction(this, tr("Sa&ve Session…"), QKeySequence::Save,
                             tr("Save the image's name, the parameters, seeds, box and mask edits "
                                "(xrayprep-cli run --session runs it)"));
    loadPreset = makeAction(this, tr("&Load Parameter Preset…"), QKeySequence(tr("Ctrl+L")));
    savePreset = makeAction(this, tr("Save Parameter &Preset…"), QKeySequence(tr("Ctrl+Shift+S")));
    quit = makeAction(this, tr("&Quit"), QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    menu->addAction(open);
    menu->addMenu(recentMenu);
    menu->addAction(openSamplePlanar);
    menu->addAction(openSampleLateral);
    menu->addAction(openFromPacs);
    menu->addSeparator();
    menu->addAction(exportResults);
    menu->addAction(sendToPacs);
    menu->addSeparator();
    menu->addAction(openSession);
    menu->addAction(saveSession);
    menu->addSeparator();
    menu->addAction(loadPreset);
    menu->addAction(savePreset);
    menu->addSeparator();
    menu->addAction(quit);
}

void WindowActions::createEditMenu(QMainWindow* window, QUndoStack* undoStack) {
    QMenu* menu = window->menuBar()->addMenu(tr("&Edit"));
    undo = undoStack->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    redo = undoStack->createRedoAction(this, tr("&Redo"));
    // The platform's redo keys and Ctrl+Y, each once: a key listed twice for one action is an
    // ambiguous shortcut to Qt, which then triggers nothing.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(tr("Ctrl+Y")))) redoKeys.append(QKeySequence(tr("Ctrl+Y")));
    redo->setShortcuts(redoKeys);
    resetParameters = makeAction(this, tr("Reset All Parameters to &Defaults"));
    menu->addAction(undo);
    menu->addAction(redo);
    menu->addSeparator();
    menu->addAction(resetParameters);
}

void WindowActions::createViewMenu(QMainWindow* window) {
    viewMenu = window->menuBar()->addMenu(tr("&View"));
    zoomIn = makeAction(this, tr("Zoom &In"), QKeySequence::ZoomIn);
    zoomOut = makeAction(this, tr("Zoom &Out"), QKeySequence::ZoomOut);
    fit = makeAction(this, tr("&Fit to Window"), QKeySequence(tr("Ctrl+0")));
    actualSize = makeAction(this, tr("&Actual Pixels (1:1)"), QKeySequence(tr("Ctrl+Shift+0")));
    windowFromDicom = makeAction(this, tr("Window from &DICOM"), QKeySequence(tr("Ctrl+Shift+D")),
                                 tr("Window centre and width from the file's tags"));
    windowAuto = makeAction(this, tr("&Automatic Window"), QKeySequence(tr("Ctrl+Shift+A")),
                            tr("Window from the image's 0.5–99.5 % percentiles"));
    windowFullRange = makeAction(this, tr("Full-&Range Window"), QKeySequence(tr("Ctrl+Shift+F")),
                                 tr("Window over the whole stored range"));
    showContours = makeToggle(this, tr("Show &Contours"), QKeySequence(tr("Ctrl+Shift+C")), true);
    showMask = makeToggle(this, tr("Show Bone &Mask"), QKeySequence(tr("Ctrl+Shift+M")), false);

    auto* compareGroup = new QActionGroup(this);
    compareOff = makeToggle(this, tr("Single Stage"), QKeySequence(Qt::Key_F6), true);
    compareSideBySide =
        makeToggle(this, tr("Compare Side by Side"), QKeySequence(Qt::Key_F7), false);
    compareFlicker = makeToggle(this, tr("Compare by Flicker"), QKeySequence(Qt::Key_F8), false);
    for (QAction* a : {compareOff, compareSideBySide, compareFlicker}) compareGroup->addAction(a);

    auto* stageGroup = new QActionGroup(this);
    QMenu* stageMenu = viewMenu->addMenu(tr("&Stage"));
    for (ViewStage s : kAllViewStages) {
        const int i = viewStageIndex(s);
        QAction* a = makeToggle(this, tr(viewStageTitle(s)),
                                QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)), false);
        a->setData(i);
        stageGroup->addAction(a);
        stageMenu->addAction(a);
        stages[static_cast<std::size_t>(i)] = a;
    }
    for (QAction* a : {zoomIn, zoomOut, fit, actualSize}) viewMenu->addAction(a);
    viewMenu->addSeparator();
    for (QAction* a : {windowFromDicom, windowAuto, windowFullRange}) viewMenu->addAction(a);
    viewMenu->addSeparator();
    viewMenu->addAction(showContours);
    viewMenu->addAction(showMask);
    viewMenu->addSeparator();
    for (QAction* a : {compareOff, compareSideBySide, compareFlicker}) viewMenu->addAction(a);
    viewMenu->addSeparator();
}

void WindowActions::createRunMenu(QMainWindow* window) {
    QMenu* menu = window->menuBar()->addMenu(tr("&Run"));
    rerun = makeAction(this, tr("&Re-run All Stages"), QKeySequence::Refresh);
    cancel = makeAction(this, tr("&Cancel"), QKeySequence(Qt::Key_Escape),
                        tr("Cancel the running stages; the previous results stay"));
    compareBackends = makeAction(this, tr("Compare &Backends"), QKeySequence(tr("Ctrl+B")),
                                 tr("Run every available backend and compare times and pixels"));
    menu->addAction(rerun);
    menu->addAction(cancel);
    menu->addSeparator();
    menu->addAction(compareBackends);
}

void WindowActions::createHelpMenu(QMainWindow* window) {
    QMenu* menu = window->menuBar()->addMenu(tr("&Help"));
    shortcuts = makeAction(this, tr("&Keyboard Shortcuts"), QKeySequence::HelpContents);
    about = makeAction(this, tr("&About xrayprep"));
    about->setMenuRole(QAction::AboutRole);
    menu->addAction(shortcuts);
    menu->addAction(about);
}

void WindowActions::createToolBar(QMainWindow* window) {
    // Short tool-bar labels; the menus keep the full names.
    open->setIconText(tr("Open"));
    openSamplePlanar->setIconText(tr("Sample"));
    fit->setIconText(tr("Fit"));
    actualSize->setIconText(tr("1:1"));
    rerun->setIconText(tr("Run"));
    // The undo stack names the step in the action's text ("Undo Threshold method: valley →
    // otsu"): the menu shows it, the tool bar keeps a short button (its tool tip has the rest)
    // so that the bar does not reflow after every edit.
    undo->setIconText(tr("Undo"));
    redo->setIconText(tr("Redo"));
    compareBackends->setIconText(tr("Compare"));
    toolBar = window->addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolBar->setMovable(false);
    for (QAction* a : {open, openSamplePlanar}) toolBar->addAction(a);
    toolBar->addSeparator();
    for (QAction* a : {undo, redo}) toolBar->addAction(a);
    toolBar->addSeparator();
    for (QAction* a : {fit, actualSize}) toolBar->addAction(a);
    toolBar->addSeparator();
    for (QAction* a : {rerun, cancel, compareBackends}) toolBar->addAction(a);
    toolBar->addSeparator();
}

void WindowActions::setHasImage(bool hasImage) {
    for (QAction* a : {savePreset, saveSession, exportResults, zoomIn, zoomOut, fit, actualSize,
                       windowFromDicom, windowAuto, windowFullRange, showContours, showMask,
                       compareOff, compareSideBySide, compareFlicker, rerun, compareBackends}) {
        a->setEnabled(hasImage);
    }
    for (QAction* a : stages) a->setEnabled(hasImage);
}

void WindowActions::setBusy(bool busy) { cancel->setEnabled(busy); }

}  // namespace xrayprep::ui
