#pragma once

#include <QPointF>
#include <QPolygonF>
#include <QWidget>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "ui/data/DisplayedRun.h"
#include "ui/data/ViewStage.h"
#include "ui/views/CursorReadout.h"
#include "ui/views/ImageLayers.h"
#include "ui/views/ViewTransform.h"

namespace xrayprep::ui {

// Zoom and pan in a form two views can share: scale and the image point at the centre.
struct ViewState {
    double scale = 1.0;
    QPointF centre;
    bool fit = true;  // follows the window size
};

// Shows one stage (an image through a window, or the ESF field through a colour map) with the
// contours and a tinted bone mask on top. Images are bone-bright internally, so MONOCHROME1
// inputs (inverted on load, SPEC §2) already appear as radiologists expect: bone white.
// Mouse: wheel zooms around the cursor, left or middle drag pans, right drag sets the window
// (right = wider, down = higher level, i.e. darker), double-click fits.
class ImageView : public QWidget {
    Q_OBJECT
  public:
    explicit ImageView(QWidget* parent = nullptr);

    // A stage of a run. Keeps zoom/pan when the size is unchanged. The window is shared by the
    // stages in stored values (Original, Median, Threshold, Contours, Mask); Sobel has its own.
    // A new input starts from the DICOM window (if any), else the automatic one.
    void showStage(const DisplayedRun& run, ViewStage stage);
    // Lower-level setters (showStage uses them). The ESF field and the image exclude each other.
    void setImage(std::shared_ptr<const processing::Image> image);
    void setEsfField(std::shared_ptr<const processing::FloatImage> field);
    void setMetadata(std::shared_ptr<const processing::ImageMetadata> metadata);
    void setContours(std::shared_ptr<const processing::ContourResult> contours);
    void clear();
    // Overlays on every stage, not only on Contours (default false).
    void setOverlaysOnAllStages(bool on);
    void setCaption(const QString& caption);  // top-left corner, e.g. the stage name
    void setHintText(const QString& text);    // shown while empty

    [[nodiscard]] bool isEmpty() const { return layers_.empty(); }
    [[nodiscard]] QSize imageSize() const { return layers_.size(); }
    [[nodiscard]] std::optional<ViewStage> stage() const { return stage_; }
    [[nodiscard]] double zoom() const { return transform_.scale(); }
    [[nodiscard]] bool isFitToWindow() const { return fit_; }
    [[nodiscard]] const ViewTransform& transform() const { return transform_; }
    [[nodiscard]] ViewState viewState() const;
    [[nodiscard]] WindowLevel windowLevel() const { return layers_.window(); }
    [[nodiscard]] bool contoursVisible() const { return contoursVisible_; }
    [[nodiscard]] bool maskVisible() const { return maskVisible_; }
    [[nodiscard]] CursorReadout readoutAt(QPointF viewPoint) const;
    // Whether two stages use one window (both in stored values, or both Sobel).
    [[nodiscard]] static bool sharesWindow(ViewStage a, ViewStage b);

    QSize sizeHint() const override { return {800, 640}; }
    QSize minimumSizeHint() const override { return {240, 180}; }

  public slots:
    void zoomIn();
    void zoomOut();
    void fitToWindow();
    void actualPixels();  // 1:1, keeping the centre
    void setViewState(const xrayprep::ui::ViewState& state);
    void setWindowLevel(double centre, double width);
    bool windowFromDicom();  // false (and no change) when the file has no window
    void windowFullRange();
    void windowAuto();
    void setContoursVisible(bool visible);
    void setMaskVisible(bool visible);

  signals:
    void windowLevelChanged(double centre, double width);
    void cursorMoved(const xrayprep::ui::CursorReadout& readout);
    void viewChanged();  // zoom or pan

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

  private:
    enum class Drag { None, Pan, Window };
    void afterDataChange(QSize previousSize);
    void applyWindow(const WindowLevel& window);
    void zoomAroundCentre(double factor);
    void transformChanged();
    void emitReadout();
    [[nodiscard]] QString cornerText() const;

    ImageLayers layers_;
    ViewTransform transform_;
    bool fit_ = true;
    std::shared_ptr<const processing::Image> image_;
    std::shared_ptr<const processing::FloatImage> field_;
    std::shared_ptr<const processing::ImageMetadata> metadata_;
    std::shared_ptr<const processing::ContourResult> contours_;
    std::vector<QPolygonF> contourPolygons_;
    bool contoursVisible_ = true;
    bool maskVisible_ = true;
    bool overlaysOnAllStages_ = false;
    bool windowSet_ = false;
    QString caption_;
    QString hint_;
    std::optional<ViewStage> stage_;
    const void* inputKey_ = nullptr;                     // identity of the run's input
    std::array<std::optional<WindowLevel>, 2> windows_;  // stored values, Sobel
    Drag drag_ = Drag::None;
    QPointF dragStart_;
    QPointF lastMouse_;
    WindowLevel dragWindow_;
    bool mouseInside_ = false;
};

}  // namespace xrayprep::ui

Q_DECLARE_METATYPE(xrayprep::ui::ViewState)
