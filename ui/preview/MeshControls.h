#pragma once

#include <QWidget>

#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshParams.h"

class QComboBox;
class QDoubleSpinBox;
class QPushButton;
class QSpinBox;

namespace xrayprep::ui {

// What the 3D preview shows: the bone mesh or the ESF as a height field.
enum class PreviewContent { Mesh, EsfHeightField };
using MeshColour = processing::MeshInputs::Colour;

// The 3D preview's controls: content, colour, mesh mode, thickness, smoothing, triangle
// budget, reset view and export. Editing emits meshSettingsEdited once per change (spin boxes
// without keyboard tracking: typing a number is one change).
class MeshControls : public QWidget {
    Q_OBJECT

  public:
    explicit MeshControls(QWidget* parent = nullptr);

    [[nodiscard]] processing::MeshParams params() const;
    void setParams(const processing::MeshParams& params);  // no signal
    [[nodiscard]] MeshColour colour() const;
    void setColour(MeshColour colour);  // no signal
    [[nodiscard]] PreviewContent content() const;
    void setContent(PreviewContent content);     // emits contentChanged when it changes
    void setThicknessUnit(const QString& unit);  // "mm", or "px" without pixel spacing
    void setExportEnabled(bool enabled);

    [[nodiscard]] QComboBox& contentBox() { return *content_; }
    [[nodiscard]] QComboBox& colourBox() { return *colour_; }
    [[nodiscard]] QComboBox& modeBox() { return *mode_; }
    [[nodiscard]] QDoubleSpinBox& thicknessBox() { return *thickness_; }
    [[nodiscard]] QSpinBox& smoothBox() { return *smooth_; }
    [[nodiscard]] QSpinBox& trianglesBox() { return *triangles_; }
    [[nodiscard]] QPushButton& resetButton() { return *reset_; }
    [[nodiscard]] QPushButton& exportButton() { return *export_; }

  signals:
    void meshSettingsEdited();
    void contentChanged(xrayprep::ui::PreviewContent content);
    void resetViewRequested();
    void exportRequested();

  private:
    void updateApplicability();

    QComboBox* content_ = nullptr;
    QComboBox* colour_ = nullptr;
    QComboBox* mode_ = nullptr;
    QDoubleSpinBox* thickness_ = nullptr;
    QSpinBox* smooth_ = nullptr;
    QSpinBox* triangles_ = nullptr;
    QPushButton* reset_ = nullptr;
    QPushButton* export_ = nullptr;
};

}  // namespace xrayprep::ui
