#pragma once

#include <QString>
#include <functional>

class QWidget;

namespace xrayprep::ui {

// The main window's message boxes. All are window-modal and non-blocking (open(), not
// exec()): the event loop keeps running behind them, so runs continue and tests can answer.
void showErrorMessage(QWidget& window, const QString& title, const QString& text);
void showShortcutsDialog(QWidget& window);
void showAboutDialog(QWidget& window);
// A backend (e.g. CUDA) failed: offers to continue on the OpenMP backend; onCpu runs if the
// user accepts.
void offerCpuBackend(QWidget& window, const QString& message, std::function<void()> onCpu);

}  // namespace xrayprep::ui
