#pragma once

#include <QSize>
#include <QWidget>
#include <memory>
#include <vector>

#include "processing/core/ImageMetadata.h"
#include "ui/panels/DicomHeaderRows.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QStackedWidget;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace xrayprep::ui {

// The loaded image's header: derived facts (size, bits, photometric, spacing and its source,
// rescale, window, frame), warnings highlighted, and the DICOM header fields. Patient fields
// stay hidden unless the user ticks "Show patient data"; a filter narrows the rows; Copy puts
// the rows shown on the clipboard (never hidden patient data).
class DicomHeaderPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DicomHeaderPanel(QWidget* parent = nullptr);

    void setMetadata(std::shared_ptr<const processing::ImageMetadata> metadata,
                     const QString& inputLabel, QSize imageSize, int bitsStored);
    void clear();

    // The persisted setting; emits nothing.
    void setShowPatientData(bool show);
    [[nodiscard]] bool showPatientData() const;
    void setFilterText(const QString& text);

    // The rows shown, "attribute\tvalue" per line, under their group titles: what Copy copies.
    [[nodiscard]] QString visibleText() const;
    // Attributes of the rows shown (tests).
    [[nodiscard]] QStringList visibleAttributes() const;
    void copyToClipboard() const;

    [[nodiscard]] QSize sizeHint() const override { return {380, 480}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {260, 200}; }

  signals:
    void showPatientDataChanged(bool show);

  private:
    void rebuild();
    void applyVisibility();
    [[nodiscard]] const HeaderRow& rowOf(const QTreeWidgetItem* item) const;

    std::shared_ptr<const processing::ImageMetadata> metadata_;
    std::vector<HeaderRow> rows_;
    QLineEdit* filter_ = nullptr;
    QCheckBox* showPatient_ = nullptr;
    QToolButton* copy_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace xrayprep::ui
