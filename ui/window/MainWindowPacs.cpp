// MainWindow: File > Open from PACS (the dialog, then the first retrieved file opens) and
// File > Send to PACS (final.dcm and seg.dcm exported into a temporary folder, then stored).
#include <QDir>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>

#include "dicom/SegmentationWriter.h"
#include "exports/ExportList.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PacsSession.h"
#include "ui/model/PipelineModel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PacsDialog.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::ui {

PacsDialog* MainWindow::openFromPacs() {
    if (pacsDialog_) {
        pacsDialog_->raise();
        pacsDialog_->activateWindow();
        return pacsDialog_;
    }
    auto* dialog = new PacsDialog(settings_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PacsDialog::retrieved, this, &MainWindow::pacsRetrieved);
    pacsDialog_ = dialog;
    dialog->open();
    return dialog;
}

void MainWindow::pacsRetrieved(const QStringList& files, const QString& folder) {
    if (files.isEmpty()) return;
    openPath(files.first());
    statusBar()->showMessage(tr("%n file(s) retrieved into %1; the first is open", nullptr,
                                static_cast<int>(files.size()))
                                 .arg(QDir::toNativeSeparators(folder)),
                             15000);
}

void MainWindow::updatePacsSend() {
    const DisplayedRun& run = model_.displayed();
    // The SEG references its source image, so only results of a DICOM input are sent (the
    // derived image alone, of a PNG or the sample, would carry no patient or study).
    const bool dicomInput = run.metadata && dicom::SegmentationWriter::canReference(*run.metadata);
    actions_->sendToPacs->setEnabled(run.esf != nullptr && dicomInput &&
                                     pacsSendFolder_ == nullptr);
}

void MainWindow::sendToPacs() {
    if (pacsSendFolder_ || model_.isExporting()) return;
    if (!settings_.pacsNode()) {
        statusBar()->showMessage(tr("Set up the PACS node first (Test Connection saves it)"),
                                 10000);
        openFromPacs();
        return;
    }
    auto folder = std::make_unique<QTemporaryDir>();
    if (!folder->isValid()) {
        showMessage(tr("Cannot send to PACS"), folder->errorString());
        return;
    }
    ExportChoice choice;
    choice.folder = folder->path();
    choice.items = {exports::ExportItem::Dicom, exports::ExportItem::Seg};
    choice.anonymize = settings_.exportAnonymize();
    pacsSendFolder_ = std::move(folder);
    if (!model_.exportResults(choice)) {
        pacsSendFolder_.reset();
        showMessage(tr("Cannot send to PACS"), tr("The pipeline has not finished on this image."));
        return;
    }
    actions_->sendToPacs->setEnabled(false);
    statusBar()->showMessage(tr("Writing final.dcm and seg.dcm for the PACS…"));
}

void MainWindow::pacsExported(const QStringList& files, const QString& error, bool cancelled) {
    QStringList paths;
    for (const QString& f : files) {
        if (f.endsWith(QStringLiteral(".dcm")))
            paths.append(QDir(pacsSendFolder_->path()).absoluteFilePath(f));
    }
    if (!error.isEmpty() || cancelled || paths.isEmpty()) {
        pacsSendFolder_.reset();
        updatePacsSend();
        showMessage(tr("Nothing was sent to the PACS"),
                    error.isEmpty() ? tr("No DICOM file was written.") : error);
        return;
    }
    if (pacsSend_ == nullptr) {
        pacsSend_ = new PacsSession(this);
        connect(pacsSend_, &PacsSession::storeFinished, this, &MainWindow::pacsStored);
    }
    const pacs::PacsNode node = *settings_.pacsNode();
    pacsSend_->store(node, paths);
    statusBar()->showMessage(
        tr("Sending %n file(s) to %1…", nullptr, static_cast<int>(paths.size()))
            .arg(QString::fromStdString(node.label())));
}

void MainWindow::pacsStored(const PacsOutcome& outcome) {
    pacsSendFolder_.reset();
    updatePacsSend();
    if (!outcome.error.isEmpty()) {
        statusBar()->showMessage(tr("Send to PACS failed"), 10000);
        showMessage(tr("Send to PACS failed"), outcome.error);
        return;
    }
    const QString summary =
        outcome.failedFiles == 0
            ? tr("Sent to PACS: %1").arg(outcome.files.join(QStringLiteral("; ")))
            : tr("Send to PACS: %n file(s) not stored", nullptr, outcome.failedFiles);
    statusBar()->showMessage(summary, 15000);
    if (outcome.failedFiles > 0)
        showMessage(tr("Send to PACS"), outcome.files.join(QLatin1Char('\n')));
}

}  // namespace xrayprep::ui
