#include "ui/views/ImageView.h"

#include <QFutureWatcher>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrent>
#include <algorithm>
#include <cmath>

#include "ui/data/WorkerPriority.h"
#include "ui/views/ImageViewPainter.h"

namespace xrayprep::ui {

namespace {

constexpr double kZoomStep = 1.25;
const QColor kContourColour(255, 214, 10);
const QColor kMaskTint(255, 70, 70, 80);
const QColor kBackground(14, 14, 16);
const QColor kAddColour(80, 220, 120);
const QColor kRemoveColour(90, 170, 255);

int windowGroup(ViewStage s) { return s == ViewStage::Sobel ? 1 : 0; }

}  // namespace

ImageView::ImageView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::WheelFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::CrossCursor);
    hint_ =
        tr("No image loaded.\n\nOpen a DICOM file (Ctrl+O), drop one here, or start with the "
           "built-in sample radiograph.");
}

void ImageView::showStage(const DisplayedRun& run, ViewStage stage) {
    if (run.original.get() != inputKey_) {
        inputKey_ = run.original.get();
        windows_ = {};
        pyramids_.clear();
    }
    stage_ = stage;
    setMetadata(run.metadata);
    setContours(stage == ViewStage::Contour || overlaysOnAllStages_ ? run.contour : nullptr);
    if (stage == ViewStage::Esf) {
        setEsfField(run.esf
                        ? std::shared_ptr<const processing::FloatImage>(run.esf, &run.esf->field)
                        : nullptr);
        return;
    }
    auto image = run.imageFor(stage);
    auto& remembered = windows_[windowGroup(stage)];
    if (image && !remembered) {
        const bool dicom = windowGroup(stage) == 0 && metadata_ && metadata_->windowCenter &&
                           metadata_->windowWidth;
        remembered = dicom ? WindowLevel{*metadata_->windowCenter, *metadata_->windowWidth}
                           : autoWindow(*image);
    }
    if (image) applyWindow(*remembered);
    setImage(std::move(image));
}

void ImageView::setImage(std::shared_ptr<const processing::Image> image) {
    if (image && !windowSet_) applyWindow(autoWindow(*image));
    image_ = std::move(image);
    field_.reset();
    showData();
}

void ImageView::setEsfField(std::shared_ptr<const processing::FloatImage> field) {
    field_ = std::move(field);
    image_.reset();
    showData();
}

void ImageView::showData() {
    const QSize previous = layers_.size();
    const void* source = image_ ? static_cast<const void*>(image_.get()) : field_.get();
    const QSize size = image_   ? QSize(image_->width(), image_->height())
                       : field_ ? QSize(field_->width(), field_->height())
                                : QSize();
    pendingSource_ = nullptr;
    const auto cached = std::find_if(pyramids_.begin(), pyramids_.end(),
                                     [&](const auto& p) { return p->source() == source; });
    if (source != nullptr && cached != pyramids_.end()) {
        layers_.setPyramid(*cached);
    } else if (source != nullptr && buildsLevelsInBackground(size)) {
        // What was shown stays until the levels are ready (the next stage of the same image
        // usually has the same size), so nothing flickers.
        pendingSource_ = source;
        buildLevels();
        update();
        return;
    } else if (image_) {
        layers_.setImage(image_);
    } else {
        layers_.setField(field_);  // null: empty, the contours and mask are kept for later
    }
    afterDataChange(previous);
}

QThreadPool& ImageView::levelPool() {
    // Its own thread: the model's pools may be busy with a run or a backend comparison, and a
    // stage must not wait for them to be shown.
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(1);
        return p;
    }();
    return *pool;
}

void ImageView::buildLevels() {
    if (std::find(building_.begin(), building_.end(), pendingSource_) != building_.end()) return;
    building_.push_back(pendingSource_);
    auto* watcher = new QFutureWatcher<std::shared_ptr<const LevelPyramid>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, input = inputKey_] {
        watcher->deleteLater();
        levelsBuilt(watcher->result(), input);
    });
    watcher->setFuture(QtConcurrent::run(&levelPool(), [image = image_, field = field_] {
        lowerWorkerThreadPriority();  // the GUI thread first, always
        return buildPyramid(image, field);
    }));
}

void ImageView::levelsBuilt(std::shared_ptr<const LevelPyramid> pyramid, const void* input) {
    std::erase(building_, pyramid->source());
    if (input != inputKey_) return;           // made for an earlier input
    constexpr std::size_t kKeptPyramids = 8;  // one per stage of the current input
    if (pyramids_.size() >= kKeptPyramids) pyramids_.erase(pyramids_.begin());
    pyramids_.push_back(pyramid);
    if (pyramid->source() != pendingSource_) return;  // another stage is shown by now
    pendingSource_ = nullptr;
    const QSize previous = layers_.size();
    layers_.setPyramid(pyramid);
    afterDataChange(previous);
    emit levelsReady();
}

void ImageView::setMetadata(std::shared_ptr<const processing::ImageMetadata> metadata) {
    metadata_ = std::move(metadata);
}

void ImageView::setContours(std::shared_ptr<const processing::ContourResult> contours) {
    if (contours == contours_) return;
    contours_ = std::move(contours);
    contourPolygons_.clear();
    drawnPolygons_.clear();
    drawnLevel_ = -1;
    contourLayer_ = QImage();
    std::shared_ptr<const processing::Mask> mask;
    if (contours_) {
        for (const auto& c : contours_->contours) {
            QPolygonF polygon;
            polygon.reserve(static_cast<qsizetype>(c.points.size()));
            for (const auto& p : c.points) polygon.append(QPointF(p.x, p.y));
            contourPolygons_.push_back(std::move(polygon));
        }
        if (!contours_->mask.empty()) mask = {contours_, &contours_->mask};
    }
    layers_.setMask(std::move(mask), kMaskTint);
    update();
}

void ImageView::clear() {
    image_.reset();
    field_.reset();
    metadata_.reset();
    setContours(nullptr);
    layers_.clear();
    pyramids_.clear();
    pendingSource_ = nullptr;
    stage_.reset();
    inputKey_ = nullptr;
    windows_ = {};
    windowSet_ = false;
    fit_ = true;
    afterDataChange({});
}

void ImageView::setOverlaysOnAllStages(bool on) { overlaysOnAllStages_ = on; }

void ImageView::setEditTool(EditTool tool) {
    if (drag_ == Drag::Edit) {
        drag_ = Drag::None;
        gesture_.clear();
    }
    tool_ = tool;
    if (isStrokeTool(tool)) {
        setCursor(Qt::BlankCursor);  // the brush's outline is the cursor
    } else if (isClickTool(tool) || isGuidanceTool(tool)) {
        setCursor(Qt::PointingHandCursor);
    } else {
        setCursor(Qt::CrossCursor);
    }
    update();
}

void ImageView::setBrushRadius(double pixels) {
    brushRadius_ = std::max(0.5, pixels);
    update();
}

QPointF ImageView::pixelCentreAt(QPointF viewPoint) const {
    return transform_.viewToImage(viewPoint) - QPointF(0.5, 0.5);
}

void ImageView::finishEditGesture() {
    const QVector<QPointF> points = std::move(gesture_);
    gesture_.clear();
    drag_ = Drag::None;
    update();
    if (points.isEmpty()) return;
    if (isStrokeTool(tool_)) {
        emit strokeFinished(points, tool_ == EditTool::Brush);
    } else if (isLassoTool(tool_) && points.size() >= 3) {
        emit lassoFinished(QPolygonF(points), tool_ == EditTool::LassoAdd);
    }
}

void ImageView::setCaption(const QString& caption) {
    caption_ = caption;
    update();
}

void ImageView::setHintText(const QString& text) {
    hint_ = text;
    update();
}

ViewState ImageView::viewState() const {
    return {transform_.scale(), transform_.centreInImage(), fit_};
}

bool ImageView::sharesWindow(ViewStage a, ViewStage b) {
    return a != ViewStage::Esf && b != ViewStage::Esf && windowGroup(a) == windowGroup(b);
}

CursorReadout ImageView::readoutAt(QPointF viewPoint) const {
    return makeCursorReadout(transform_.viewToImage(viewPoint), image_.get(), field_.get(),
                             metadata_.get(), layers_.window());
}

void ImageView::zoomIn() { zoomAroundCentre(kZoomStep); }
void ImageView::zoomOut() { zoomAroundCentre(1.0 / kZoomStep); }

void ImageView::zoomAroundCentre(double factor) {
    fit_ = false;
    transform_.zoomAround(factor, QPointF(width() / 2.0, height() / 2.0));
    transformChanged();
}

void ImageView::fitToWindow() {
    fit_ = true;
    transform_.fit();
    transformChanged();
}

void ImageView::actualPixels() {
    fit_ = false;
    transform_.setScaleAround(1.0, QPointF(width() / 2.0, height() / 2.0));
    transformChanged();
}

void ImageView::setViewState(const ViewState& state) {
    if (state.fit) {
        fitToWindow();
        return;
    }
    fit_ = false;
    transform_.setScaleAround(state.scale, QPointF(width() / 2.0, height() / 2.0));
    transform_.centreOn(state.centre);
    transformChanged();
}

void ImageView::setWindowLevel(double centre, double width) { applyWindow({centre, width}); }

bool ImageView::windowFromDicom() {
    if (!metadata_ || !metadata_->windowCenter || !metadata_->windowWidth) return false;
    applyWindow({*metadata_->windowCenter, *metadata_->windowWidth});
    return true;
}

void ImageView::windowFullRange() {
    if (image_) applyWindow(fullRangeWindow(*image_));
}

void ImageView::windowAuto() {
    if (image_) applyWindow(autoWindow(*image_));
}

void ImageView::setContoursVisible(bool visible) {
    contoursVisible_ = visible;
    update();
}

void ImageView::setMaskVisible(bool visible) {
    maskVisible_ = visible;
    update();
}

void ImageView::applyWindow(const WindowLevel& requested) {
    const WindowLevel window{requested.centre, std::max(1.0, requested.width)};
    if (stage_) windows_[windowGroup(*stage_)] = window;
    if (windowSet_ && window == layers_.window()) return;
    windowSet_ = true;
    layers_.setWindow(window);
    emit windowLevelChanged(window.centre, window.width);
    emitReadout();
    update();
}

void ImageView::afterDataChange(QSize previousSize) {
    transform_.setImageSize(layers_.size());
    transform_.setViewportSize(size());
    if (!layers_.empty() && (fit_ || previousSize != layers_.size())) {
        fit_ = true;
        transform_.fit();
    }
    emit viewChanged();
    emitReadout();
    update();
}

void ImageView::transformChanged() {
    emit viewChanged();
    emitReadout();
    update();
}

void ImageView::emitReadout() {
    if (mouseInside_) emit cursorMoved(readoutAt(lastMouse_));
}

QString ImageView::cornerText() const {
    QString text = tr("Zoom %1 %").arg(transform_.scale() * 100.0, 0, 'f', 0);
    if (image_) {
        text += tr("    W %1  L %2")
                    .arg(layers_.window().width, 0, 'f', 0)
                    .arg(layers_.window().centre, 0, 'f', 0);
    } else if (field_) {
        text += tr("    ESF 0 – 1");
    }
    return text;
}

void ImageView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), kBackground);
    if (layers_.empty() && pendingSource_ != nullptr) {
        image_view_painter::paintCornerText(painter, rect(), Qt::AlignTop | Qt::AlignLeft,
                                            caption_);
        return;  // for the few milliseconds until the levels are ready
    }
    if (layers_.empty()) {
        const bool pending = stage_ && inputKey_;
        image_view_painter::paintHint(
            painter, rect(),
            pending ? tr("%1: not computed yet.").arg(tr(viewStageTitle(*stage_))) : hint_);
        image_view_painter::paintCornerText(painter, rect(), Qt::AlignTop | Qt::AlignLeft,
                                            caption_);
        return;
    }
    image_view_painter::paintLayers(painter, layers_, transform_, maskVisible_);
    if (contoursVisible_ && !contourPolygons_.empty()) {
        const int level = layers_.levelFor(transform_.scale());
        if (level != drawnLevel_) {
            // One level pixel apart (0.5 to 1 screen pixel): closer points add nothing one can
            // see, and stroking them all took ~23 ms at the reference size after a mask edit.
            drawnPolygons_ = image_view_painter::thinnedPolygons(contourPolygons_,
                                                                 1.0 * layers_.levelFactor(level));
            drawnLevel_ = level;
        }
        const qreal dpr = devicePixelRatioF();
        if (contourLayer_.isNull() || contourLayer_.size() != size() * dpr ||
            contourLayerScale_ != transform_.scale() ||
            contourLayerOffset_ != transform_.offset()) {
            contourLayer_ = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
            contourLayer_.setDevicePixelRatio(dpr);
            contourLayer_.fill(Qt::transparent);
            QPainter layer(&contourLayer_);
            image_view_painter::paintContours(layer, drawnPolygons_, transform_, kContourColour);
            contourLayerScale_ = transform_.scale();
            contourLayerOffset_ = transform_.offset();
        }
        painter.drawImage(QPointF(0, 0), contourLayer_);
    }
    const bool adding = tool_ == EditTool::Brush || tool_ == EditTool::LassoAdd;
    const QColor gestureColour = adding ? kAddColour : kRemoveColour;
    if (drag_ == Drag::Edit && isStrokeTool(tool_)) {
        image_view_painter::paintStroke(painter, gesture_, brushRadius_, transform_, gestureColour);
    } else if (drag_ == Drag::Edit && isLassoTool(tool_)) {
        image_view_painter::paintLasso(painter, gesture_, transform_, gestureColour);
    }
    if (!guidance_.empty() || drag_ == Drag::Box) {
        processing::ContourGuidance shown = guidance_;
        if (drag_ == Drag::Seed && movingSeed_ < static_cast<int>(shown.seeds.size())) {
            shown.seeds[static_cast<std::size_t>(movingSeed_)].x = gestureEnd_.x();
            shown.seeds[static_cast<std::size_t>(movingSeed_)].y = gestureEnd_.y();
        } else if (drag_ == Drag::Box) {
            const QRect r = QRect(gestureStart_, gestureEnd_).normalized();
            shown.box = processing::GuideBox{r.left(), r.top(), r.right() + 1, r.bottom() + 1};
        }
        image_view_painter::paintGuidance(painter, shown, transform_);
    }
    if (isStrokeTool(tool_) && mouseInside_) {
        image_view_painter::paintBrushOutline(painter, lastMouse_,
                                              brushRadius_ * transform_.scale(), gestureColour);
    }
    image_view_painter::paintCornerText(painter, rect(), Qt::AlignTop | Qt::AlignLeft, caption_);
    const QSize s = layers_.size();
    QString info = tr("%1 × %2").arg(s.width()).arg(s.height());
    if (image_) info += tr(", %1 bit").arg(image_->bitsStored());
    image_view_painter::paintCornerText(painter, rect(), Qt::AlignTop | Qt::AlignRight, info);
    image_view_painter::paintCornerText(painter, rect(), Qt::AlignBottom | Qt::AlignLeft,
                                        cornerText());
}

void ImageView::resizeEvent(QResizeEvent*) {
    const QPointF centre = transform_.centreInImage();
    transform_.setViewportSize(size());
    if (fit_) {
        transform_.fit();
    } else {
        transform_.centreOn(centre);
    }
    emit viewChanged();
}

void ImageView::wheelEvent(QWheelEvent* event) {
    if (layers_.empty()) return;
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    fit_ = false;
    transform_.zoomAround(std::pow(kZoomStep, steps), event->position());
    lastMouse_ = event->position();
    transformChanged();
    event->accept();
}

void ImageView::mousePressEvent(QMouseEvent* event) {
    lastMouse_ = event->position();
    dragStart_ = event->position();
    if (layers_.empty()) return;
    if (isGuidanceTool(tool_) && guidancePress(event)) return;
    if (event->button() == Qt::LeftButton && tool_ != EditTool::Navigate) {
        const QPointF p = pixelCentreAt(event->position());
        if (isClickTool(tool_)) {
            // The pixel under the cursor, as the cursor readout names it.
            const QPointF q = transform_.viewToImage(event->position());
            emit pieceClicked(
                QPoint(static_cast<int>(std::floor(q.x())), static_cast<int>(std::floor(q.y()))),
                tool_);
            return;
        }
        drag_ = Drag::Edit;
        gesture_ = {p};
        update();
        return;
    }
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        drag_ = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
    } else if (event->button() == Qt::RightButton && image_) {
        drag_ = Drag::Window;
        dragWindow_ = layers_.window();
        setCursor(Qt::SizeAllCursor);
    }
}

void ImageView::mouseMoveEvent(QMouseEvent* event) {
    mouseInside_ = true;
    const QPointF pos = event->position();
    if (drag_ == Drag::Seed || drag_ == Drag::Box) {
        gestureEnd_ = pixelAt(pos);
        update();
    } else if (drag_ == Drag::Edit) {
        const QPointF p = pixelCentreAt(pos);
        // Points closer than a quarter pixel add nothing to a stroke or an outline.
        const QPointF d = p - gesture_.back();
        if (d.x() * d.x() + d.y() * d.y() >= 0.0625) gesture_.append(p);
        update();
    } else if (drag_ == Drag::Pan) {
        fit_ = false;
        transform_.panBy(pos - lastMouse_);
        emit viewChanged();
        update();
    } else if (drag_ == Drag::Window && image_) {
        // The whole stored range over about 512 screen pixels of mouse travel.
        const double step = std::max(1.0, (image_->maxValue() + 1.0) / 512.0);
        const QPointF d = pos - dragStart_;
        lastMouse_ = pos;
        applyWindow({dragWindow_.centre + d.y() * step, dragWindow_.width + d.x() * step});
    } else if (isStrokeTool(tool_)) {
        // The brush's outline is the cursor (the mouse cursor is hidden): repaint where it was
        // and where it is now.
        const double r = brushRadius_ * transform_.scale() + 3.0;
        const QPointF half(r, r);
        const QRect before = QRectF(lastMouse_ - half, lastMouse_ + half).toAlignedRect();
        update(before.united(QRectF(pos - half, pos + half).toAlignedRect()));
    }
    lastMouse_ = pos;
    emitReadout();
}

void ImageView::mouseReleaseEvent(QMouseEvent* event) {
    if (drag_ == Drag::Seed || drag_ == Drag::Box) {
        if (event->button() == Qt::LeftButton) finishGuidanceGesture();
        return;
    }
    if (drag_ == Drag::Edit) {
        if (event->button() == Qt::LeftButton) finishEditGesture();
        return;
    }
    drag_ = Drag::None;
    setEditTool(tool_);  // the tool's cursor again
}

void ImageView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && tool_ == EditTool::Navigate) fitToWindow();
}

void ImageView::leaveEvent(QEvent*) {
    mouseInside_ = false;
    update();  // the brush outline goes
    emit cursorMoved(CursorReadout{});
}

}  // namespace xrayprep::ui
