// MainWindow: the file dialogs beyond opening an image: parameter presets, sessions and
// File > Export with its progress and confirmation.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <algorithm>

#include "exports/ExportList.h"
#include "session/SessionFile.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PipelineModel.h"
#include "ui/preview/MeshControls.h"
#include "ui/preview/MeshPreviewPanel.h"
#include "ui/window/ExportDialog.h"
#include "ui/window/MainWindow.h"
#include "ui/window/MeshPreviewDock.h"

namespace xrayprep::ui {

void MainWindow::loadPreset() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a parameter preset"),
                                                      settings_.lastOpenDirectory(),
                                                      tr("Presets (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    const QString error = model_.loadPreset(path);
    if (!error.isEmpty()) showMessage(tr("Cannot load the preset"), error);
}

void MainWindow::savePreset() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save the parameters as a preset"),
                                     settings_.lastOpenDirectory(), tr("Presets (*.json)"));
    if (path.isEmpty()) return;
    const QString error = model_.savePreset(path);
    if (!error.isEmpty()) showMessage(tr("Cannot save the preset"), error);
}

void MainWindow::openSessionFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a session"), settings_.lastOpenDirectory(),
        tr("xrayprep sessions (*%1);;All files (*)")
            .arg(QString::fromLatin1(session::SessionFile::kExtension)));
    if (path.isEmpty()) return;
    settings_.setLastOpenDirectory(QFileInfo(path).absolutePath());
    model_.openSession(path);
}

void MainWindow::saveSessionFile() {
    if (!model_.canSaveSession()) {
        showMessage(tr("Cannot save the session"),
                    tr("This image was not opened from a file or the sample, so a session "
                       "could not name it."));
        return;
    }
    const QString extension = QString::fromLatin1(session::SessionFile::kExtension);
    QString suggested = QFileInfo(model_.inputPath()).completeBaseName();
    if (suggested.isEmpty()) suggested = QStringLiteral("sample");
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save the session"),
        QDir(settings_.lastOpenDirectory()).filePath(suggested + extension),
        tr("xrayprep sessions (*%1)").arg(extension));
    if (path.isEmpty()) return;
    if (!path.endsWith(extension)) path += extension;
    if (!model_.saveSession(path)) {
        showMessage(tr("Cannot save the session"), tr("A session is still being saved."));
    }
}

void MainWindow::chooseExport() {
    if (model_.isExporting()) return;
    if (!model_.displayed().esf) {
        showMessage(tr("Nothing to export yet"),
                    tr("The pipeline has not finished on this image."));
        return;
    }
    std::vector<exports::ExportItem> items;
    for (const QString& name : settings_.exportItems()) {
        try {
            for (auto item : exports::parseExportList(name.toStdString())) items.push_back(item);
        } catch (const std::exception&) {
            // an output of another version: left out
        }
    }
    QString folder = settings_.lastExportDirectory();
    if (folder.isEmpty()) folder = QDir::home().filePath(QStringLiteral("xrayprep-export"));
#ifdef XRAYPREP_HAVE_DICOM
    const bool dicom = true;
#else
    const bool dicom = false;
#endif
    auto* dialog = new ExportDialog(folder, items, settings_.exportAnonymize(), dicom, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QStringList names;
        for (auto item : dialog->items()) {
            names.append(QString::fromStdString(exports::exportFileName(item)));
        }
        settings_.setExportItems(names);
        settings_.setExportAnonymize(dialog->anonymize());
        settings_.setLastExportDirectory(dialog->folder());
        ExportChoice choice;
        choice.folder = dialog->folder();
        choice.items = dialog->items();
        choice.anonymize = dialog->anonymize();
        choice.mesh = {meshPreview_->panel().controls().params(),
                       meshPreview_->panel().controls().colour()};
        if (!model_.exportResults(choice)) return;
        exportProgress_ = new QProgressDialog(tr("Exporting…"), tr("Cancel"), 0, 1, this);
        exportProgress_->setWindowTitle(tr("Export"));
        exportProgress_->setWindowModality(Qt::WindowModal);
        exportProgress_->setMinimumDuration(300);
        exportProgress_->setAutoReset(false);
        exportProgress_->setAutoClose(false);
        connect(exportProgress_, &QProgressDialog::canceled, &model_, &PipelineModel::cancelExport);
    });
    dialog->open();
}

void MainWindow::exportFinished(const QString& folder, const QStringList& files,
                                const QString& error, bool cancelled) {
    if (exportProgress_ != nullptr) {
        exportProgress_->disconnect(this);
        exportProgress_->deleteLater();
        exportProgress_ = nullptr;
    }
    if (pacsSendFolder_) {  // the files of File > Send to PACS
        pacsExported(files, error, cancelled);
        return;
    }
    if (!error.isEmpty()) {
        showMessage(tr("The export failed"),
                    tr("%1\n\nNothing was written into %2.").arg(error, folder));
        return;
    }
    if (cancelled) {
        statusBar()->showMessage(tr("Export cancelled: nothing was written into %1").arg(folder),
                                 8000);
        return;
    }
    auto* box = new QMessageBox(
        QMessageBox::Information, tr("Export finished"),
        tr("%n file(s) written into %1", nullptr, static_cast<int>(files.size())).arg(folder),
        QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("exportConfirmation"));
    box->setDetailedText(files.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    statusBar()->showMessage(tr("Exported into %1").arg(folder), 8000);
}

}  // namespace xrayprep::ui
