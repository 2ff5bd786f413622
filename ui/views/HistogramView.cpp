#include "ui/views/HistogramView.h"

#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace xrayprep::ui {

namespace {

const QColor kBars(120, 144, 176);
const QColor kHoverBar(70, 110, 170);
const QColor kCurve(30, 60, 120);
const QColor kTrough(0, 150, 136);
constexpr int kShownTroughs = 5;
const QColor kPeak(230, 120, 0);
const QColor kBackgroundLine(110, 110, 110);
const QColor kThreshold(214, 40, 40);
constexpr int kHandle = 7;  // half size of the threshold handle

}  // namespace

HistogramView::HistogramView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HistogramView::setData(std::shared_ptr<const processing::Histogram> histogram,
                            std::shared_ptr<const processing::ThresholdResult> threshold) {
    histogram_ = std::move(histogram);
    threshold_ = std::move(threshold);
    dragValue_.reset();
    releasedValue_.reset();
    update();
}

void HistogramView::setLogScale(bool on) {
    logScale_ = on;
    update();
}

int HistogramView::noteHeight(int width) const {
    if (!threshold_ || threshold_->note.empty()) return 0;
    const QFontMetrics fm(font());
    const QRect r = fm.boundingRect(QRect(0, 0, width - 16, 1000), Qt::TextWordWrap,
                                    QString::fromStdString(threshold_->note));
    return std::min(r.height(), 3 * fm.lineSpacing()) + 4;
}

HistogramAxes HistogramView::axes() const {
    const QFontMetrics fm(font());
    HistogramAxes a;
    a.logScale = logScale_;
    a.maxValue = histogram_ ? histogram_->maxValue : 4095;
    double top = 0.0;
    double second = 0.0;
    if (histogram_) {
        for (const std::uint64_t c : histogram_->counts) {
            const double v = static_cast<double>(c);
            if (v > top) {
                second = top;
                top = v;
            } else if (v > second) {
                second = v;
            }
        }
    }
    // One spike (usually the zero background) would flatten everything else: clip it.
    const double linearTop = top > 4.0 * second && second > 0.0 ? 1.25 * second : top;
    a.yMax = logScale_ ? std::log10(1.0 + top) : linearTop * 1.05;
    if (!(a.yMax > 0.0)) a.yMax = 1.0;
    const int left = fm.horizontalAdvance(QStringLiteral("000.0k")) + 10;
    const int topMargin = 8 + noteHeight(width()) + fm.height() + kHandle;
    const int bottom = 2 * fm.height() + 10;
    a.plot = QRectF(left, topMargin, std::max(10, width() - left - 14),
                    std::max(10, height() - topMargin - bottom));
    return a;
}

std::optional<std::uint16_t> HistogramView::shownThreshold() const {
    if (dragValue_) return dragValue_;
    if (releasedValue_) return releasedValue_;
    if (threshold_) return threshold_->value;
    return std::nullopt;
}

bool HistogramView::nearThreshold(QPointF pos) const {
    const auto t = shownThreshold();
    if (!t || !histogram_) return false;
    const HistogramAxes a = axes();
    const double x = a.thresholdX(*t);
    return std::abs(pos.x() - x) <= kHandle + 2 && pos.y() >= a.plot.top() - 2 * kHandle - 2 &&
           pos.y() <= a.plot.bottom();
}

QString HistogramView::binToolTip(int bin) const {
    if (!histogram_ || bin < 0 || bin > 255) return {};
    const std::uint16_t first = firstValueOfBin(bin, histogram_->maxValue);
    const std::uint16_t last = processing::lastValueOfBin(bin, histogram_->maxValue);
    QString range = last < first    ? tr("no values")
                    : first == last ? tr("value %1").arg(first)
                                    : tr("values %1 – %2").arg(first).arg(last);
    const auto count = histogram_->counts[static_cast<std::size_t>(bin)];
    const double share = 100.0 * static_cast<double>(count) /
                         std::max<double>(1.0, static_cast<double>(histogram_->total()));
    return tr("Bin %1: %2\n%3 pixels (%4 %)")
        .arg(bin)
        .arg(range)
        .arg(QLocale().toString(static_cast<qulonglong>(count)))
        .arg(share, 0, 'f', 2);
}

void HistogramView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!histogram_) {
        p.setPen(palette().color(QPalette::Disabled, QPalette::Text));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("The histogram appears once the median stage has run."));
        return;
    }
    const HistogramAxes a = axes();
    if (threshold_ && !threshold_->note.empty()) {
        p.setPen(QColor(150, 90, 0));
        p.drawText(QRect(8, 6, width() - 16, noteHeight(width())),
                   Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                   QString::fromStdString(threshold_->note));
    }
    paintPlot(p, a);
    paintAxes(p, a);
    paintMarkers(p, a);
}

void HistogramView::paintPlot(QPainter& p, const HistogramAxes& a) const {
    p.save();
    p.setClipRect(a.plot.adjusted(0, -1, 1, 1));
    for (int b = 0; b < processing::kHistogramBins; ++b) {
        const double count = static_cast<double>(histogram_->counts[static_cast<std::size_t>(b)]);
        if (count <= 0.0) continue;
        const QRectF bar(QPointF(a.xOfBin(b), a.yOfCount(count)),
                         QPointF(a.xOfBin(b + 1), a.plot.bottom()));
        p.fillRect(bar, b == hoverBin_ ? kHoverBar : kBars);
    }
    if (threshold_ && threshold_->smoothed.size() == processing::kHistogramBins) {
        QPolygonF curve;
        for (int b = 0; b < processing::kHistogramBins; ++b) {
            curve << QPointF(a.xOfBin(b + 0.5), a.yOfCount(threshold_->smoothed[b]));
        }
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(kCurve, 1.6));
        p.drawPolyline(curve);
    }
    p.restore();
}

std::vector<int> prominentTroughs(const std::vector<double>& smoothed,
                                  const std::vector<int>& troughs, int count, int keep) {
    if (smoothed.empty()) return {};
    const int n = static_cast<int>(smoothed.size());
    std::vector<std::pair<double, int>> depth;  // (depth, bin)
    for (std::size_t i = 0; i < troughs.size(); ++i) {
        const int b = troughs[i];
        if (b < 0 || b >= n) continue;
        // The highest value on each side up to the neighbouring troughs (the peaks between).
        const int lo = i > 0 ? troughs[i - 1] : 0;
        const int hi = i + 1 < troughs.size() ? troughs[i + 1] : n - 1;
        double left = 0.0, right = 0.0;
        for (int k = std::max(0, lo); k <= b; ++k) left = std::max(left, smoothed[k]);
        for (int k = b; k <= std::min(n - 1, hi); ++k) right = std::max(right, smoothed[k]);
        depth.emplace_back(std::min(left, right) - smoothed[b], b);
    }
    std::stable_sort(depth.begin(), depth.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<int> out;
    for (const auto& [d, b] : depth) {
        if (static_cast<int>(out.size()) >= count) break;
        out.push_back(b);
    }
    if (keep >= 0 && std::find(troughs.begin(), troughs.end(), keep) != troughs.end() &&
        std::find(out.begin(), out.end(), keep) == out.end()) {
        if (!out.empty() && static_cast<int>(out.size()) >= count) out.pop_back();
        out.push_back(keep);
    }
    std::sort(out.begin(), out.end());
    return out;
}

void HistogramView::showRun(const DisplayedRun& run) {
    setInverted(run.metadata && run.metadata->photometric == processing::Photometric::Monochrome1);
    setData(run.histogram, run.threshold);
}

void HistogramView::setInverted(bool inverted) {
    if (inverted == inverted_) return;
    inverted_ = inverted;
    update();
}

QString HistogramView::axisLabel() const {
    return inverted_ ? tr("value (MONOCHROME1 inverted: bone bright)") : tr("stored value");
}

void HistogramView::paintAxes(QPainter& p, const HistogramAxes& a) const {
    const QFontMetrics fm(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = palette().color(QPalette::Mid);
    p.setPen(grid);
    p.drawLine(a.plot.bottomLeft(), a.plot.bottomRight());
    p.drawLine(a.plot.bottomLeft(), a.plot.topLeft());
    // x: stored values, a few round numbers.
    const int ticks =
        std::max(2, static_cast<int>(a.plot.width() / (fm.horizontalAdvance("00000") * 1.6)));
    for (const double v : niceTicks(a.maxValue, ticks)) {
        const double x = a.xOfValue(v);
        p.setPen(grid);
        p.drawLine(QPointF(x, a.plot.bottom()), QPointF(x, a.plot.bottom() + 4));
        p.setPen(text);
        const QString label = QString::number(v, 'f', 0);
        const int w = fm.horizontalAdvance(label);
        p.drawText(
            QPointF(std::min(x - w / 2.0, width() - 2.0 - w), a.plot.bottom() + 5 + fm.ascent()),
            label);
    }
    p.setPen(palette().color(QPalette::Disabled, QPalette::Text));
    p.drawText(
        QRectF(a.plot.left(), a.plot.bottom() + 5 + fm.height(), a.plot.width(), fm.height()),
        Qt::AlignRight, axisLabel());
    // y: pixel counts (decades in log scale).
    std::vector<double> yTicks;
    if (a.logScale) {
        for (double d = 1.0; std::log10(1.0 + d) <= a.yMax; d *= 10.0) yTicks.push_back(d);
    } else {
        yTicks = niceTicks(
            a.yMax, std::clamp(static_cast<int>(a.plot.height() / (4.0 * fm.height())), 2, 8));
    }
    for (const double c : yTicks) {
        const double y = a.yOfCount(c);
        p.setPen(QPen(grid, 1, Qt::DotLine));
        if (c > 0.0) p.drawLine(QPointF(a.plot.left(), y), QPointF(a.plot.right(), y));
        p.setPen(text);
        p.drawText(QRectF(0, y - fm.height() / 2.0, a.plot.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, compactCount(c));
    }
    p.setPen(palette().color(QPalette::Disabled, QPalette::Text));
    p.drawText(QPointF(a.plot.left() + 4, a.plot.top() - kHandle - 4),
               a.logScale ? tr("pixels (log)") : tr("pixels"));
}

void HistogramView::paintMarkers(QPainter& p, const HistogramAxes& a) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    if (threshold_) {
        const auto& s = threshold_->smoothed;
        auto curveY = [&](int b) {
            return a.yOfCount(s.size() == 256 ? s[b] : static_cast<double>(histogram_->counts[b]));
        };
        auto triangle = [&](int b, bool down, QColor colour) {
            const QPointF tip(a.xOfBin(b + 0.5), curveY(b) + (down ? 2 : -2));
            const double d = down ? -6 : 6;
            p.setPen(QPen(colour.darker(130), 1));
            p.setBrush(colour);
            p.drawPolygon(QPolygonF{tip, tip + QPointF(-3.5, d), tip + QPointF(3.5, d)});
        };
        // The deepest few only; the one the threshold sits in always.
        const int used = threshold_->value > 0 && histogram_
                             ? processing::histogramBin(threshold_->value, histogram_->maxValue)
                             : -1;
        const std::vector<int> shown =
            prominentTroughs(s, threshold_->troughs, kShownTroughs, used);
        for (const int b : shown) triangle(b, false, kTrough);
        // And the highest peak between each two of them (the modes those troughs separate).
        std::vector<int> bounds = {-1};
        bounds.insert(bounds.end(), shown.begin(), shown.end());
        bounds.push_back(processing::kHistogramBins);
        for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
            int best = -1;
            for (const int b : threshold_->peaks) {
                if (b > bounds[i] && b < bounds[i + 1] && (best < 0 || curveY(b) < curveY(best))) {
                    best = b;
                }
            }
            if (best >= 0) triangle(best, true, kPeak);
        }
        if (threshold_->backgroundBin >= 0) {
            const double x = a.thresholdX(threshold_->backgroundValue);
            p.setPen(QPen(kBackgroundLine, 1.2, Qt::DashLine));
            p.drawLine(QPointF(x, a.plot.top()), QPointF(x, a.plot.bottom()));
            p.drawText(QPointF(x + 4, a.plot.top() + fm.ascent() + 2), tr("background"));
        }
    }
    if (const auto t = shownThreshold()) {
        const double x = a.thresholdX(*t);
        p.setPen(QPen(kThreshold, dragValue_ ? 2.5 : 2.0));
        p.drawLine(QPointF(x, a.plot.top() - kHandle), QPointF(x, a.plot.bottom()));
        const QRectF handle(x - kHandle, a.plot.top() - 2 * kHandle - 1, 2 * kHandle, 2 * kHandle);
        p.setBrush(kThreshold);
        p.drawRoundedRect(handle, 3, 3);
        const QString label = tr("threshold %1").arg(*t);
        const int w = fm.horizontalAdvance(label);
        const double lx = x + kHandle + 4 + w < width() ? x + kHandle + 4 : x - kHandle - 4 - w;
        p.setPen(kThreshold.darker(120));
        p.drawText(QPointF(lx, handle.center().y() + fm.ascent() / 2.0 - 1), label);
    }
    p.restore();
}

void HistogramView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !histogram_) return;
    if (nearThreshold(event->position())) {
        dragValue_ = axes().thresholdValueAtX(event->position().x());
        emit thresholdPreviewed(*dragValue_);
        update();
    }
}

void HistogramView::mouseMoveEvent(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (dragValue_) {
        const std::uint16_t v = axes().thresholdValueAtX(pos.x());
        if (v != *dragValue_) {
            dragValue_ = v;
            emit thresholdPreviewed(v);
            update();
        }
        QToolTip::showText(event->globalPosition().toPoint(), tr("threshold %1").arg(v), this);
        return;
    }
    setCursor(nearThreshold(pos) ? Qt::SizeHorCursor : Qt::ArrowCursor);
    const int bin = axes().binUnder(pos.x());
    if (bin != hoverBin_) {
        hoverBin_ = bin;
        update();
        if (bin >= 0) {
            QToolTip::showText(event->globalPosition().toPoint(), binToolTip(bin), this);
        } else {
            QToolTip::hideText();
        }
    }
}

void HistogramView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !dragValue_) return;
    const std::uint16_t v = axes().thresholdValueAtX(event->position().x());
    dragValue_.reset();
    releasedValue_ = v;  // shown until the re-run's result arrives through setData
    update();
    emit thresholdDragged(v);
}

void HistogramView::leaveEvent(QEvent*) {
    hoverBin_ = -1;
    update();
}

}  // namespace xrayprep::ui
