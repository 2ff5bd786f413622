#pragma once

#include <QDialog>
#include <map>
#include <vector>

#include "exports/ExportList.h"

class QCheckBox;
class QLineEdit;
class QPushButton;

namespace xrayprep::ui {

// File > Export: the folder and, as check boxes grouped by kind, every output
// `xrayprep-cli run --export` writes (images, ESF field, contours, meshes, derived DICOM with
// its anonymisation, contact sheet, report). The window remembers the choice (AppSettings).
class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    // dicomAvailable: the build can write DICOM (else its box is off and disabled).
    ExportDialog(const QString& folder, const std::vector<exports::ExportItem>& items,
                 bool anonymize, bool dicomAvailable, QWidget* parent = nullptr);

    [[nodiscard]] QString folder() const;
    [[nodiscard]] std::vector<exports::ExportItem> items() const;  // in the list's order
    [[nodiscard]] bool anonymize() const;
    [[nodiscard]] QCheckBox* box(exports::ExportItem item) const;
    [[nodiscard]] QLineEdit* folderEdit() const { return folder_; }
    [[nodiscard]] QPushButton* exportButton() const { return export_; }

  private:
    void updateButton();

    QLineEdit* folder_ = nullptr;
    std::map<exports::ExportItem, QCheckBox*> boxes_;
    QCheckBox* anonymize_ = nullptr;
    QPushButton* export_ = nullptr;
};

}  // namespace xrayprep::ui
