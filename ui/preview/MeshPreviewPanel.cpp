#include "ui/preview/MeshPreviewPanel.h"

#include <vtkActor.h>
#include <vtkLookupTable.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>
#include <vector>

#include "ui/preview/MeshPolyData.h"
#include "ui/preview/OpenGlSupport.h"
#include "ui/preview/VtkView.h"

namespace xrayprep::ui {

namespace {

constexpr double kHeightFieldRelativeHeight = 0.15;  // of the image's larger side, at v = 1

vtkSmartPointer<vtkActor> makeActor() {
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetColorModeToMapScalars();
    mapper->SetScalarModeToUsePointData();
    // Interpolate the values, not the colours: a large triangle shows the map between its
    // corners (viridis stays viridis) instead of a blend of the corner colours.
    mapper->InterpolateScalarsBeforeMappingOn();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    actor->GetProperty()->SetSpecular(0.25);
    actor->GetProperty()->SetSpecularPower(25.0);
    actor->GetProperty()->SetDiffuse(0.85);
    actor->GetProperty()->SetAmbient(0.12);
    actor->SetVisibility(false);
    return actor;
}

// X-ray values inside the bones span a small part of the stored range, and a few impulse-noise
// pixels reach its ends: the grey map spans the 1st to 99th percentile of the vertex values.
std::pair<double, double> percentileRange(std::vector<float> values) {
    if (values.empty()) return {0.0, 1.0};
    const auto at = [&values](double q) {
        const auto k = static_cast<std::ptrdiff_t>(q * static_cast<double>(values.size() - 1));
        std::nth_element(values.begin(), values.begin() + k, values.end());
        return static_cast<double>(values[static_cast<std::size_t>(k)]);
    };
    const double low = at(0.01);
    const double high = at(0.99);
    return {low, high > low ? high : low + 1.0};
}

void setPolyData(vtkActor& actor, vtkPolyData* poly, vtkLookupTable* table) {
    auto* mapper = vtkPolyDataMapper::SafeDownCast(actor.GetMapper());
    mapper->SetInputData(poly);
    const bool scalars = poly->GetPointData()->GetScalars() != nullptr;
    mapper->SetScalarVisibility(scalars);
    if (scalars) {
        mapper->SetLookupTable(table);
        mapper->UseLookupTableScalarRangeOn();
    }
}

}  // namespace

MeshPreviewPanel::MeshPreviewPanel(QWidget* parent) : QWidget(parent) {
    controls_ = new MeshControls(this);
    info_ = new QLabel(this);
    info_->setObjectName(QStringLiteral("meshInfo"));
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("meshStatus"));
    status_->setWordWrap(true);
    status_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(controls_);
    if (platformSupportsOpenGlWidgets()) {
        view_ = new VtkView(this);
        view_->setObjectName(QStringLiteral("meshView"));
        meshActor_ = makeActor();
        esfActor_ = makeActor();
        view_->renderer()->AddActor(meshActor_);
        view_->renderer()->AddActor(esfActor_);
        layout->addWidget(view_, 1);
    } else {
        auto* note = new QLabel(tr("The 3D view needs OpenGL, which the %1 platform lacks.")
                                    .arg(QGuiApplication::platformName()),
                                this);
        note->setObjectName(QStringLiteral("meshViewPlaceholder"));
        note->setAlignment(Qt::AlignCenter);
        note->setWordWrap(true);
        layout->addWidget(note, 1);
    }
    layout->addWidget(status_);
    layout->addWidget(info_);

    connect(controls_, &MeshControls::meshSettingsEdited, this,
            &MeshPreviewPanel::meshSettingsEdited);
    connect(controls_, &MeshControls::exportRequested, this, &MeshPreviewPanel::exportRequested);
    connect(controls_, &MeshControls::resetViewRequested, this, &MeshPreviewPanel::resetView);
    connect(controls_, &MeshControls::contentChanged, this, [this] {
        showContent();
        resetView();
    });
    clear();
}

MeshPreviewPanel::~MeshPreviewPanel() = default;

void MeshPreviewPanel::setMesh(std::shared_ptr<const processing::TriangleMesh> mesh,
                               MeshColour colour) {
    mesh_ = std::move(mesh);
    controls_->setExportEnabled(mesh_ != nullptr && !mesh_->empty());
    if (mesh_ != nullptr) {
        controls_->setThicknessUnit(mesh_->unit == "mm" ? QStringLiteral("mm")
                                                        : QStringLiteral("px"));
    }
    if (view_ != nullptr && mesh_ != nullptr) {
        vtkSmartPointer<vtkPolyData> poly = meshToPolyData(*mesh_);
        vtkSmartPointer<vtkLookupTable> table;
        if (colour == MeshColour::Esf) {
            table = viridisLookupTable(0.0, 1.0);
        } else {
            const auto [low, high] = percentileRange(mesh_->scalars);
            table = greyLookupTable(low, high);
        }
        setPolyData(*meshActor_, poly, table);
    }
    showContent();
    if (viewResetPending_ && mesh_ != nullptr && content() == PreviewContent::Mesh) resetView();
}

void MeshPreviewPanel::setEsf(std::shared_ptr<const processing::EsfResult> esf,
                              std::optional<processing::PixelSpacing> spacing) {
    esf_ = std::move(esf);
    spacing_ = std::move(spacing);
    heightFieldStale_ = true;
    showContent();
}

void MeshPreviewPanel::clear() {
    mesh_.reset();
    esf_.reset();
    spacing_.reset();
    heightFieldStale_ = true;
    viewResetPending_ = true;
    message_.clear();
    controls_->setExportEnabled(false);
    showContent();
}

void MeshPreviewPanel::setBusy(bool building) {
    busy_ = building;
    updateInfo();
}

void MeshPreviewPanel::setMessage(const QString& text) {
    message_ = text;
    updateInfo();
}

QString MeshPreviewPanel::infoText() const { return info_->text(); }

void MeshPreviewPanel::resetView() {
    if (view_ == nullptr) return;
    view_->resetCamera();
    const bool shown = content() == PreviewContent::Mesh ? mesh_ != nullptr : esf_ != nullptr;
    if (shown) viewResetPending_ = false;
}

QImage MeshPreviewPanel::renderImage() {
    return view_ == nullptr ? QImage() : view_->grabFramebuffer();
}

void MeshPreviewPanel::updateHeightField() {
    if (!heightFieldStale_ || view_ == nullptr) return;
    heightFieldStale_ = false;
    if (esf_ == nullptr) return;
    const auto& field = esf_->field;
    const double sx = spacing_ ? spacing_->x : 1.0;
    const double sy = spacing_ ? spacing_->y : 1.0;
    const double extent = std::max(field.width() * sx, field.height() * sy);
    setPolyData(*esfActor_, esfHeightField(field, spacing_, kHeightFieldRelativeHeight * extent),
                viridisLookupTable(0.0, 1.0));
}

void MeshPreviewPanel::showContent() {
    const bool mesh = content() == PreviewContent::Mesh;
    if (mesh_ == nullptr && view_ != nullptr) {
        setPolyData(*meshActor_, vtkSmartPointer<vtkPolyData>::New(), nullptr);
    }
    if (!mesh) updateHeightField();
    if (view_ != nullptr) {
        meshActor_->SetVisibility(mesh && mesh_ != nullptr);
        esfActor_->SetVisibility(!mesh && esf_ != nullptr);
        view_->renderer()->ResetCameraClippingRange();
        view_->update();
    }
    updateInfo();
}

void MeshPreviewPanel::updateInfo() {
    const QLocale locale;
    QString text;
    if (content() == PreviewContent::Mesh) {
        if (mesh_ == nullptr || mesh_->empty()) {
            text = busy_ ? tr("Building the mesh…") : tr("No mesh yet");
        } else {
            float lo[3] = {mesh_->vertices[0].x, mesh_->vertices[0].y, mesh_->vertices[0].z};
            float hi[3] = {lo[0], lo[1], lo[2]};
            for (const auto& v : mesh_->vertices) {
                const float p[3] = {v.x, v.y, v.z};
                for (int k = 0; k < 3; ++k) {
                    lo[k] = std::min(lo[k], p[k]);
                    hi[k] = std::max(hi[k], p[k]);
                }
            }
            const QString unit = mesh_->unit == "mm" ? tr("mm") : tr("pixels");
            text = tr("%1 triangles · %2 × %3 × %4 %5")
                       .arg(locale.toString(static_cast<qlonglong>(mesh_->triangles.size())))
                       .arg(hi[0] - lo[0], 0, 'f', 1)
                       .arg(hi[1] - lo[1], 0, 'f', 1)
                       .arg(hi[2] - lo[2], 0, 'f', 1)
                       .arg(unit);
            if (busy_) text += tr(" · rebuilding…");
        }
    } else if (esf_ == nullptr) {
        text = tr("No ESF yet");
    } else {
        const auto& field = esf_->field;
        const QString unit = spacing_ ? tr("mm") : tr("pixels");
        const double w = field.width() * (spacing_ ? spacing_->x : 1.0);
        const double h = field.height() * (spacing_ ? spacing_->y : 1.0);
        text = tr("ESF height field · %1 × %2 %3 · height %4 % of the larger side at v = 1")
                   .arg(w, 0, 'f', 1)
                   .arg(h, 0, 'f', 1)
                   .arg(unit)
                   .arg(kHeightFieldRelativeHeight * 100.0, 0, 'f', 0);
    }
    info_->setText(text);
    status_->setText(message_);
    status_->setVisible(!message_.isEmpty());
}

}  // namespace xrayprep::ui
