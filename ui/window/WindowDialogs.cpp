#include "ui/window/WindowDialogs.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>

#include "ui/window/ShortcutList.h"

namespace xrayprep::ui {

void showErrorMessage(QWidget& window, const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, &window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void showShortcutsDialog(QWidget& window) {
    auto* box = new QMessageBox(QMessageBox::Information, QObject::tr("Keyboard shortcuts"),
                                shortcutListHtml(window), QMessageBox::Ok, &window);
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void showAboutDialog(QWidget& window) {
    QMessageBox::about(
        &window, QObject::tr("About xrayprep"),
        QObject::tr(
            "<b>xrayprep %1</b><p>Prepares DICOM foot radiographs for 3D bone-mesh generation: "
            "median, histogram threshold, Sobel, active contour, mask and Edge Strength "
            "Function, on serial, OpenMP and CUDA backends.</p><p>Not a medical device: results "
            "are for research and preparation, not for diagnosis.</p>")
            .arg(QApplication::applicationVersion()));
}

void offerCpuBackend(QWidget& window, const QString& message, std::function<void()> onCpu) {
    auto* box = new QMessageBox(
        QMessageBox::Warning, QObject::tr("Backend failure"),
        QObject::tr("%1\n\nContinue on the OpenMP (CPU) backend? Nothing else is lost: the "
                    "image and parameters stay as they are.")
            .arg(message),
        QMessageBox::NoButton, &window);
    QPushButton* cpu = box->addButton(QObject::tr("Continue on OpenMP"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::buttonClicked, &window,
                     [cpu, onCpu = std::move(onCpu)](QAbstractButton* button) {
                         if (button == cpu) onCpu();
                     });
    box->open();
}

}  // namespace xrayprep::ui
