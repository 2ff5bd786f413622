#include "ui/preview/MeshControls.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

namespace xrayprep::ui {

namespace {

void addPair(QGridLayout* grid, int row, int column, const QString& label, QWidget* editor) {
    auto* text = new QLabel(label, editor->parentWidget());
    text->setBuddy(editor);
    grid->addWidget(text, row, 2 * column);
    grid->addWidget(editor, row, 2 * column + 1);
}

}  // namespace

MeshControls::MeshControls(QWidget* parent) : QWidget(parent) {
    content_ = new QComboBox(this);
    content_->setObjectName(QStringLiteral("previewContent"));
    content_->addItem(tr("Bone mesh"), static_cast<int>(PreviewContent::Mesh));
    content_->addItem(tr("ESF height field"), static_cast<int>(PreviewContent::EsfHeightField));
    colour_ = new QComboBox(this);
    colour_->setObjectName(QStringLiteral("meshColour"));
    colour_->addItem(tr("X-ray"), static_cast<int>(MeshColour::XRay));
    colour_->addItem(tr("ESF"), static_cast<int>(MeshColour::Esf));
    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("meshMode"));
    mode_->addItem(tr("Inflate"), static_cast<int>(processing::MeshMode::Inflate));
    mode_->addItem(tr("Extrude"), static_cast<int>(processing::MeshMode::Extrude));
    mode_->setToolTip(
        tr("Inflate: thickness follows 1 − v of the ESF inside the mask.\n"
           "Extrude: the outlines lifted into slabs of the given thickness."));
    thickness_ = new QDoubleSpinBox(this);
    thickness_->setObjectName(QStringLiteral("meshThickness"));
    thickness_->setRange(0.1, 200.0);
    thickness_->setSingleStep(0.5);
    thickness_->setDecimals(1);
    smooth_ = new QSpinBox(this);
    smooth_->setObjectName(QStringLiteral("meshSmooth"));
    smooth_->setRange(0, 200);
    smooth_->setToolTip(tr("Volume-preserving smoothing iterations (0 = none)"));
    triangles_ = new QSpinBox(this);
    triangles_->setObjectName(QStringLiteral("meshTriangles"));
    triangles_->setRange(0, 5000000);
    triangles_->setSingleStep(10000);
    triangles_->setSpecialValueText(tr("no limit"));
    triangles_->setToolTip(tr("Upper bound on the number of triangles"));
    for (QAbstractSpinBox* box :
         {static_cast<QAbstractSpinBox*>(thickness_), static_cast<QAbstractSpinBox*>(smooth_),
          static_cast<QAbstractSpinBox*>(triangles_)}) {
        box->setKeyboardTracking(false);
    }
    reset_ = new QPushButton(tr("Reset view"), this);
    reset_->setObjectName(QStringLiteral("resetView"));
    export_ = new QPushButton(tr("Export mesh…"), this);
    export_->setObjectName(QStringLiteral("exportMesh"));
    export_->setEnabled(false);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(3);
    addPair(grid, 0, 0, tr("&Show"), content_);
    addPair(grid, 0, 1, tr("&Colour"), colour_);
    addPair(grid, 1, 0, tr("M&ode"), mode_);
    addPair(grid, 1, 1, tr("&Thickness"), thickness_);
    addPair(grid, 2, 0, tr("S&mooth"), smooth_);
    addPair(grid, 2, 1, tr("T&riangles"), triangles_);
    grid->addWidget(reset_, 3, 0, 1, 2);
    grid->addWidget(export_, 3, 2, 1, 2);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    setParams(processing::MeshParams{});
    setThicknessUnit(QStringLiteral("mm"));

    auto edited = [this] {
        updateApplicability();
        emit meshSettingsEdited();
    };
    connect(colour_, &QComboBox::currentIndexChanged, this, edited);
    connect(mode_, &QComboBox::currentIndexChanged, this, edited);
    connect(thickness_, &QDoubleSpinBox::valueChanged, this, edited);
    connect(smooth_, &QSpinBox::valueChanged, this, edited);
    connect(triangles_, &QSpinBox::valueChanged, this, edited);
    connect(content_, &QComboBox::currentIndexChanged, this, [this] {
        updateApplicability();
        emit contentChanged(content());
    });
    connect(reset_, &QPushButton::clicked, this, &MeshControls::resetViewRequested);
    connect(export_, &QPushButton::clicked, this, &MeshControls::exportRequested);
}

processing::MeshParams MeshControls::params() const {
    processing::MeshParams p;
    p.mode = static_cast<processing::MeshMode>(mode_->currentData().toInt());
    p.thickness = thickness_->value();
    p.smooth = smooth_->value();
    p.targetTriangles = triangles_->value();
    return p;
}

void MeshControls::setParams(const processing::MeshParams& params) {
    const QSignalBlocker b1(mode_), b2(thickness_), b3(smooth_), b4(triangles_);
    mode_->setCurrentIndex(mode_->findData(static_cast<int>(params.mode)));
    thickness_->setValue(params.thickness);
    smooth_->setValue(params.smooth);
    triangles_->setValue(params.targetTriangles);
    updateApplicability();
}

MeshColour MeshControls::colour() const {
    return static_cast<MeshColour>(colour_->currentData().toInt());
}

void MeshControls::setColour(MeshColour colour) {
    const QSignalBlocker block(colour_);
    colour_->setCurrentIndex(colour_->findData(static_cast<int>(colour)));
}

PreviewContent MeshControls::content() const {
    return static_cast<PreviewContent>(content_->currentData().toInt());
}

void MeshControls::setContent(PreviewContent content) {
    content_->setCurrentIndex(content_->findData(static_cast<int>(content)));
}

void MeshControls::setThicknessUnit(const QString& unit) {
    thickness_->setSuffix(QLatin1Char(' ') + unit);
}

void MeshControls::setExportEnabled(bool enabled) { export_->setEnabled(enabled); }

void MeshControls::updateApplicability() {
    // The mesh settings mean nothing for the height field; the colour is always the ESF there.
    const bool mesh = content() == PreviewContent::Mesh;
    for (QWidget* w : {static_cast<QWidget*>(colour_), static_cast<QWidget*>(mode_),
                       static_cast<QWidget*>(thickness_), static_cast<QWidget*>(smooth_),
                       static_cast<QWidget*>(triangles_)}) {
        w->setEnabled(mesh);
    }
}

}  // namespace xrayprep::ui
