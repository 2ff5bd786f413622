#include "ui/views/StageTile.h"

#include <QMouseEvent>
#include <QPainter>

namespace xrayprep::ui {

namespace {

constexpr int kPad = 6;

}  // namespace

QString formatMilliseconds(double ms) {
    if (ms < 10.0) return QStringLiteral("%1 ms").arg(ms, 0, 'f', 2);
    if (ms < 10000.0) return QStringLiteral("%1 ms").arg(ms, 0, 'f', 1);
    return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 1);
}

StageTile::StageTile(ViewStage stage, QWidget* parent) : QWidget(parent), stage_(stage) {
    setAttribute(Qt::WA_Hover);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    updateToolTip();
}

QSize StageTile::sizeHint() const {
    const QFontMetrics fm(font());
    return {kThumbnailSize.width() + 2 * kPad,
            kThumbnailSize.height() + 3 * kPad + 2 * fm.height() + 2};
}

void StageTile::setOutput(const QImage& thumbnail, std::optional<double> ms) {
    thumbnail_ = thumbnail;
    ms_ = ms;
    state_ = TileState::Done;
    message_.clear();
    updateToolTip();
    update();
}

void StageTile::setState(TileState state, const QString& message) {
    state_ = state;
    message_ = message;
    if (state == TileState::Empty) {
        thumbnail_ = QImage();
        ms_.reset();
    }
    updateToolTip();
    update();
}

void StageTile::setCurrent(bool current) {
    current_ = current;
    update();
}

void StageTile::setCompared(bool compared) {
    compared_ = compared;
    update();
}

void StageTile::updateToolTip() {
    QString tip = QStringLiteral("<b>%1</b>").arg(tr(viewStageTitle(stage_)));
    switch (state_) {
        case TileState::Empty:
            tip += tr("<br>not computed");
            break;
        case TileState::Pending:
            tip += tr("<br>waiting to be recomputed");
            break;
        case TileState::Running:
            tip += tr("<br>running…");
            break;
        case TileState::Done:
            if (ms_) tip += tr("<br>%1").arg(formatMilliseconds(*ms_));
            break;
        case TileState::Failed:
            tip += tr("<br>failed: %1").arg(message_.toHtmlEscaped());
            break;
        case TileState::Stale:
            tip +=
                tr("<br>from the previous run: the run was cancelled before it got here, so "
                   "this output was made with other parameters than the stages before it");
            break;
    }
    tip += tr("<br><i>Click to show, Ctrl+click to compare with the current stage</i>");
    setToolTip(tip);
}

void StageTile::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QRectF frame = QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5);
    const bool hovered = underMouse();
    QColor fill = pal.color(QPalette::Base);
    if (current_)
        fill = pal.color(QPalette::Highlight).lighter(185);
    else if (hovered)
        fill = pal.color(QPalette::AlternateBase);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(frame, 5, 5);
    if (current_ || compared_) {
        QPen pen(pal.color(QPalette::Highlight), current_ ? 2.5 : 2.0);
        if (!current_) pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(frame, 5, 5);
    }

    const QRect thumbArea(kPad, kPad, kThumbnailSize.width(), kThumbnailSize.height());
    p.fillRect(thumbArea, QColor(18, 18, 20));
    if (!thumbnail_.isNull()) {
        const QSize s = thumbnail_.size().scaled(kThumbnailSize, Qt::KeepAspectRatio);
        const QRect target(thumbArea.center() - QPoint(s.width() / 2, s.height() / 2), s);
        p.setOpacity(state_ == TileState::Done ? 1.0 : state_ == TileState::Stale ? 0.55 : 0.35);
        p.setRenderHint(QPainter::SmoothPixmapTransform);
        p.drawImage(target, thumbnail_);
        p.setOpacity(1.0);
    }
    QString overlay;
    QColor overlayColour(225, 225, 225);
    switch (state_) {
        case TileState::Empty:
            overlay = QStringLiteral("—");
            overlayColour = QColor(120, 120, 120);
            break;
        case TileState::Pending:
            overlay = QStringLiteral("…");
            break;
        case TileState::Running:
            overlay = tr("running…");
            break;
        case TileState::Failed:
            overlay = tr("failed");
            overlayColour = QColor(255, 110, 110);
            break;
        case TileState::Stale:
            overlay = tr("previous run");
            overlayColour = QColor(255, 190, 60);
            break;
        case TileState::Done:
            break;
    }
    if (!overlay.isEmpty()) {
        QFont f = font();
        f.setBold(true);
        p.setFont(f);
        p.setPen(overlayColour);
        p.drawText(thumbArea, Qt::AlignCenter, overlay);
    }

    const QFontMetrics fm(font());
    QFont titleFont = font();
    titleFont.setBold(true);
    const bool greyed = state_ != TileState::Done;
    QColor text = pal.color(greyed ? QPalette::Disabled : QPalette::Active, QPalette::Text);
    const int textTop = thumbArea.bottom() + kPad;
    const QRect titleRect(kPad, textTop, kThumbnailSize.width(), fm.height());
    p.setFont(titleFont);
    p.setPen(text);
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(titleFont).elidedText(tr(viewStageTitle(stage_)), Qt::ElideRight,
                                                  titleRect.width()));
    p.setFont(font());
    // Secondary text; on the highlighted tile the disabled grey would be too faint.
    p.setPen(current_ ? pal.color(QPalette::Text) : pal.color(QPalette::Disabled, QPalette::Text));
    QString time = ms_ ? formatMilliseconds(*ms_) : QString();
    if (state_ == TileState::Pending || state_ == TileState::Running) time = QStringLiteral("…");
    if (state_ == TileState::Failed)
        time = fm.elidedText(message_, Qt::ElideRight, titleRect.width());
    if (state_ == TileState::Stale) time = tr("stale: %1").arg(time);
    p.drawText(titleRect.translated(0, fm.height() + 2), Qt::AlignLeft | Qt::AlignVCenter, time);
}

void StageTile::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) emit clicked(stage_, event->modifiers());
}

}  // namespace xrayprep::ui
