#pragma once

#include <QImage>
#include <QPointF>
#include <QPolygonF>
#include <QThreadPool>
#include <QWidget>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/edit/ContourGuidance.h"
#include "ui/data/DisplayedRun.h"
#include "ui/data/ViewStage.h"
#include "ui/views/CursorReadout.h"
#include "ui/views/EditTool.h"
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
// (right = wider, down = higher level, i.e. darker), double-click fits. With a mask editing
// tool chosen (setEditTool), the left button edits instead: a brush or eraser stroke (the
// brush's outline follows the cursor), a lasso, or a click on a piece; the view only reports
// the gesture in image pixel-centre coordinates (strokeFinished, lassoFinished, pieceClicked)
// and the window applies it through the model. The middle button still pans.
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
    // Overlays (contours and mask) on every stage, not only on Contours (default true).
    void setOverlaysOnAllStages(bool on);
    void setEditTool(EditTool tool);
    [[nodiscard]] EditTool editTool() const { return tool_; }
    // The brush's radius in image pixels (the window converts from mm where the spacing is
    // known).
    void setBrushRadius(double pixels);
    // The seeds and box drawn over every stage (the contour stage's guidance).
    void setGuidance(const processing::ContourGuidance& guidance);
    [[nodiscard]] double brushRadius() const { return brushRadius_; }
    void setCaption(const QString& caption);  // top-left corner, e.g. the stage name
    void setHintText(const QString& text);    // shown while empty

    [[nodiscard]] bool isEmpty() const { return layers_.empty(); }
    // Whether the data last set waits for its display levels (made on a worker thread for
    // large images; what was shown before stays until levelsReady).
    [[nodiscard]] bool isPreparing() const { return pendingSource_ != nullptr; }
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
    // Mask editing gestures, in image coordinates with pixel centres at integer positions.
    void strokeFinished(const QVector<QPointF>& points, bool add);
    void lassoFinished(const QPolygonF& polygon, bool add);
    void pieceClicked(QPoint pixel, xrayprep::ui::EditTool tool);
    // Guidance gestures, in image pixels (the pixel under the cursor).
    void seedPlaced(QPoint pixel, bool include);
    void seedMoved(int index, QPoint pixel);
    void seedRemoved(int index);
    void boxDrawn(QRect pixels);
    void boxRemoved();
    // The data set last is now drawn (after its levels were made in the background).
    void levelsReady();

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
    enum class Drag { None, Pan, Window, Edit, Seed, Box };
    // Puts image_ or field_ into the layers, at once or when a worker has made their levels.
    void showData();
    void buildLevels();
    void levelsBuilt(std::shared_ptr<const LevelPyramid> pyramid, const void* input);
    static QThreadPool& levelPool();
    void afterDataChange(QSize previousSize);
    void applyWindow(const WindowLevel& window);
    void zoomAroundCentre(double factor);
    void transformChanged();
    void emitReadout();
    // The image point under a view point, with pixel centres at integer positions.
    [[nodiscard]] QPointF pixelCentreAt(QPointF viewPoint) const;
    void finishEditGesture();
    // The pixel under a view point, as the cursor readout names it.
    [[nodiscard]] QPoint pixelAt(QPointF viewPoint) const;
    // The seed drawn under a view point (within its marker), or -1.
    [[nodiscard]] int seedAt(QPointF viewPoint) const;
    bool guidancePress(QMouseEvent* event);
    void finishGuidanceGesture();
    [[nodiscard]] QString cornerText() const;

    ImageLayers layers_;
    // Levels made for the current input's stages, so showing a stage again is immediate.
    std::vector<std::shared_ptr<const LevelPyramid>> pyramids_;
    const void* pendingSource_ = nullptr;  // data set but not yet in layers_
    std::vector<const void*> building_;    // sources with a worker making their levels
    ViewTransform transform_;
    bool fit_ = true;
    std::shared_ptr<const processing::Image> image_;
    std::shared_ptr<const processing::FloatImage> field_;
    std::shared_ptr<const processing::ImageMetadata> metadata_;
    std::shared_ptr<const processing::ContourResult> contours_;
    std::vector<QPolygonF> contourPolygons_;
    // The contours thinned for the pyramid level drawn (points closer than half a level pixel
    // dropped): a zoomed-out view of a reference-size image drew tens of thousands of points.
    std::vector<QPolygonF> drawnPolygons_;
    int drawnLevel_ = -1;
    // The contours as drawn for the current zoom, pan and size: a repaint for anything else
    // (a new stage under them, the brush's outline) blits it instead of stroking every contour
    // again, which took about 10 ms at the reference size.
    QImage contourLayer_;
    QPointF contourLayerOffset_;
    double contourLayerScale_ = 0.0;
    bool contoursVisible_ = true;
    bool maskVisible_ = true;
    bool overlaysOnAllStages_ = true;
    EditTool tool_ = EditTool::Navigate;
    double brushRadius_ = 5.0;
    QVector<QPointF> gesture_;  // the stroke or lasso being drawn (pixel centres)
    processing::ContourGuidance guidance_;
    int movingSeed_ = -1;  // the seed being dragged
    QPoint gestureStart_;  // pixel where a seed drag or box began
    QPoint gestureEnd_;    // pixel under the cursor during it
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
