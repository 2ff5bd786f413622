#include "ui/window/ExportDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace xrayprep::ui {

namespace {

using exports::ExportItem;

struct Group {
    const char* title;
    std::vector<std::pair<ExportItem, const char*>> items;  // item, what it is
};

// Every item of exports::ExportItem, once, in the order the list has them.
const std::vector<Group>& groups() {
    static const std::vector<Group> g = {
        {"Images",
         {{ExportItem::FinalPng, "final image, bone only (16-bit PNG)"},
          {ExportItem::FinalMha, "final image (MetaImage)"},
          {ExportItem::MaskPng, "bone mask (PNG, 0/255)"},
          {ExportItem::MaskMha, "bone mask (MetaImage, 0/1)"}}},
        {"Edge strength field",
         {{ExportItem::EsfMha, "ESF (MetaImage, float)"},
          {ExportItem::EsfVti, "ESF (VTK image data)"}}},
        {"Contours",
         {{ExportItem::ContoursVtp, "contours in mm (VTK polylines)"},
          {ExportItem::ContoursCsv, "contours, pixels and mm (CSV)"}}},
        {"Mesh (the 3D preview's settings)",
         {{ExportItem::MeshStl, "binary STL"},
          {ExportItem::MeshObj, "Wavefront OBJ"},
          {ExportItem::MeshPly, "PLY"},
          {ExportItem::MeshVtp, "VTK PolyData"}}},
        {"DICOM",
         {{ExportItem::Dicom, "derived image, final.dcm"},
          {ExportItem::Seg, "bone mask as a DICOM Segmentation of a DICOM input, seg.dcm"}}},
        {"Review",
         {{ExportItem::Sheet, "contact sheet of every stage"},
          {ExportItem::Report, "report: versions, input SHA-256, parameters, times"}}},
    };
    return g;
}

}  // namespace

ExportDialog::ExportDialog(const QString& folder, const std::vector<ExportItem>& items,
                           bool anonymize, bool dicomAvailable, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export"));
    setObjectName(QStringLiteral("exportDialog"));
    auto* layout = new QVBoxLayout(this);

    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(new QLabel(tr("Folder"), this));
    folder_ = new QLineEdit(folder, this);
    folder_->setObjectName(QStringLiteral("exportFolder"));
    folder_->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 48);
    folderRow->addWidget(folder_, 1);
    auto* browse = new QPushButton(tr("Browse…"), this);
    folderRow->addWidget(browse);
    layout->addLayout(folderRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen =
            QFileDialog::getExistingDirectory(this, tr("Export into"), folder_->text());
        if (!chosen.isEmpty()) folder_->setText(chosen);
    });
    connect(folder_, &QLineEdit::textChanged, this, &ExportDialog::updateButton);

    auto* grid = new QGridLayout;
    int index = 0;
    for (const Group& g : groups()) {
        auto* box = new QGroupBox(tr(g.title), this);
        auto* inner = new QVBoxLayout(box);
        for (const auto& [item, help] : g.items) {
            const QString name = QString::fromStdString(exports::exportFileName(item));
            auto* check = new QCheckBox(name, box);
            check->setObjectName(QStringLiteral("export-") + name);
            check->setToolTip(tr(help));
            check->setChecked(std::find(items.begin(), items.end(), item) != items.end());
            inner->addWidget(check);
            boxes_[item] = check;
            connect(check, &QCheckBox::toggled, this, &ExportDialog::updateButton);
        }
        if (g.items.front().first == ExportItem::Dicom) {
            anonymize_ = new QCheckBox(tr("De-identify (PS3.15 basic profile)"), box);
            anonymize_->setObjectName(QStringLiteral("exportAnonymize"));
            anonymize_->setChecked(anonymize);
            inner->addWidget(anonymize_);
            QCheckBox* dicom = boxes_[ExportItem::Dicom];
            QCheckBox* seg = boxes_[ExportItem::Seg];
            if (!dicomAvailable) {
                for (QCheckBox* check : {dicom, seg}) {
                    check->setChecked(false);
                    check->setEnabled(false);
                    check->setToolTip(tr("This build has no DICOM support"));
                }
            }
            // De-identification applies to both DICOM files.
            const auto enableAnonymize = [this, dicom, seg] {
                anonymize_->setEnabled(dicom->isChecked() || seg->isChecked());
            };
            enableAnonymize();
            connect(dicom, &QCheckBox::toggled, this, enableAnonymize);
            connect(seg, &QCheckBox::toggled, this, enableAnonymize);
        }
        inner->addStretch(1);
        grid->addWidget(box, index / 3, index % 3);
        ++index;
    }
    layout->addLayout(grid);

    auto* buttons = new QDialogButtonBox(this);
    auto* all = buttons->addButton(tr("All"), QDialogButtonBox::ResetRole);
    auto* none = buttons->addButton(tr("None"), QDialogButtonBox::ResetRole);
    export_ = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    export_->setObjectName(QStringLiteral("exportButton"));
    export_->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(all, &QPushButton::clicked, this, [this] {
        for (auto& [item, check] : boxes_) {
            if (check->isEnabled()) check->setChecked(true);
        }
    });
    connect(none, &QPushButton::clicked, this, [this] {
        for (auto& [item, check] : boxes_) check->setChecked(false);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButton();
}

QString ExportDialog::folder() const { return folder_->text().trimmed(); }

std::vector<ExportItem> ExportDialog::items() const {
    std::vector<ExportItem> out;
    for (const Group& g : groups()) {
        for (const auto& [item, help] : g.items) {
            if (boxes_.at(item)->isChecked()) out.push_back(item);
        }
    }
    return out;
}

bool ExportDialog::anonymize() const {
    return anonymize_ != nullptr && anonymize_->isChecked() && anonymize_->isEnabled();
}

QCheckBox* ExportDialog::box(ExportItem item) const {
    const auto found = boxes_.find(item);
    return found == boxes_.end() ? nullptr : found->second;
}

void ExportDialog::updateButton() { export_->setEnabled(!folder().isEmpty() && !items().empty()); }

}  // namespace xrayprep::ui
