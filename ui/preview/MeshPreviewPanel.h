#pragma once

#include <vtkSmartPointer.h>
#include <QImage>
#include <QWidget>
#include <memory>
#include <optional>

#include "processing/core/ImageMetadata.h"
#include "processing/esf/EsfSolver.h"
#include "processing/mesh/TriangleMesh.h"
#include "ui/preview/MeshControls.h"

class QLabel;
class vtkActor;

namespace xrayprep::ui {

class VtkView;

// The 3D preview (SPEC §5): the bone mesh rendered by VTK inside the window (rotate with the
// left button, pan with the middle or shift+left, zoom with the wheel or right button), coloured
// by the X-ray or the ESF, or the ESF as a height field; the mesh controls above it, the
// triangle count and size below. Where OpenGL widgets are not available (Qt's offscreen
// platform) it shows a note instead of the view, and the controls still work.
//
// The panel only shows; building meshes belongs to a MeshTask (ui/model) that the window
// connects to meshSettingsEdited.
class MeshPreviewPanel : public QWidget {
    Q_OBJECT

  public:
    explicit MeshPreviewPanel(QWidget* parent = nullptr);
    ~MeshPreviewPanel() override;

    [[nodiscard]] MeshControls& controls() { return *controls_; }
    [[nodiscard]] VtkView* view() const { return view_; }  // nullptr without OpenGL widgets

    // Shows a mesh whose scalars are `colour` (the first mesh after clear() resets the view).
    void setMesh(std::shared_ptr<const processing::TriangleMesh> mesh, MeshColour colour);
    [[nodiscard]] const std::shared_ptr<const processing::TriangleMesh>& mesh() const {
        return mesh_;
    }
    // The ESF of the same run, for the height field; spacing empty: pixels.
    void setEsf(std::shared_ptr<const processing::EsfResult> esf,
                std::optional<processing::PixelSpacing> spacing);
    void clear();  // nothing to show (no run yet, or a new input)
    void setBusy(bool building);
    void setMessage(const QString& text);  // e.g. why the mesh could not be built; "" clears
    [[nodiscard]] QString infoText() const;

    [[nodiscard]] PreviewContent content() const { return controls_->content(); }
    void setContent(PreviewContent content) { controls_->setContent(content); }
    void resetView();
    // What the view shows now, rendered (null without OpenGL widgets). For tests and docs.
    [[nodiscard]] QImage renderImage();

  signals:
    void meshSettingsEdited();
    void exportRequested();

  private:
    void showContent();
    void updateInfo();
    void updateHeightField();

    MeshControls* controls_ = nullptr;
    VtkView* view_ = nullptr;
    QLabel* info_ = nullptr;
    QLabel* status_ = nullptr;
    std::shared_ptr<const processing::TriangleMesh> mesh_;
    std::shared_ptr<const processing::EsfResult> esf_;
    std::optional<processing::PixelSpacing> spacing_;
    vtkSmartPointer<vtkActor> meshActor_;
    vtkSmartPointer<vtkActor> esfActor_;
    bool heightFieldStale_ = false;
    bool viewResetPending_ = true;
    bool busy_ = false;
    QString message_;
};

}  // namespace xrayprep::ui
