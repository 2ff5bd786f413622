#include "ui/panels/MaskChecksPanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>

namespace xrayprep::ui {
namespace {

const QColor kPassed(46, 140, 70);
const QColor kFailed(214, 72, 52);

// A small filled disc with a tick (passed) or a cross (failed), legible on light and dark
// palettes alike.
QPixmap markPixmap(bool passed, int size) {
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(passed ? kPassed : kFailed);
    p.drawEllipse(QRectF(0.5, 0.5, size - 1.0, size - 1.0));
    p.setPen(QPen(Qt::white, size / 7.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    const double s = size;
    if (passed) {
        p.drawPolyline(QPolygonF{{0.28 * s, 0.52 * s}, {0.44 * s, 0.68 * s}, {0.72 * s, 0.34 * s}});
    } else {
        p.drawLine(QPointF(0.32 * s, 0.32 * s), QPointF(0.68 * s, 0.68 * s));
        p.drawLine(QPointF(0.68 * s, 0.32 * s), QPointF(0.32 * s, 0.68 * s));
    }
    return pixmap;
}

QWidget* checkRow(const processing::QualityCheck& check, QWidget* parent) {
    auto* row = new QWidget(parent);
    row->setObjectName(QStringLiteral("check-%1").arg(QString::fromStdString(check.id)));
    row->setProperty("passed", check.passed);
    if (!check.passed) {
        row->setAutoFillBackground(true);
        QPalette palette = row->palette();
        palette.setColor(QPalette::Window,
                         QColor(kFailed.red(), kFailed.green(), kFailed.blue(), 45));
        row->setPalette(palette);
    }
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(4, 3, 4, 3);
    layout->setSpacing(6);
    const int markSize = row->fontMetrics().height() - 2;
    auto* mark = new QLabel(row);
    mark->setPixmap(markPixmap(check.passed, markSize));
    mark->setAlignment(Qt::AlignTop);
    mark->setToolTip(check.passed ? MaskChecksPanel::tr("passed") : MaskChecksPanel::tr("failed"));
    auto* text = new QLabel(row);
    text->setObjectName(QStringLiteral("checkText"));
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    text->setText(QStringLiteral("<b>%1</b> — %2")
                      .arg(QString::fromStdString(check.id).toHtmlEscaped(),
                           QString::fromStdString(check.message).toHtmlEscaped()));
    text->setToolTip(MaskChecksPanel::tr("value %1, limit %2").arg(check.value).arg(check.limit));
    layout->addWidget(mark, 0, Qt::AlignTop);
    layout->addWidget(text, 1);
    return row;
}

}  // namespace

MaskChecksPanel::MaskChecksPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("checksSummary"));
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    auto* scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    rows_ = new QWidget(scroll);
    rowLayout_ = new QVBoxLayout(rows_);
    rowLayout_->setContentsMargins(0, 0, 0, 0);
    rowLayout_->setSpacing(2);
    rowLayout_->addStretch(1);
    scroll->setWidget(rows_);
    layout->addWidget(scroll, 1);
    rebuild();
}

void MaskChecksPanel::setReport(std::shared_ptr<const processing::QualityReport> report) {
    report_ = std::move(report);
    rows_->setEnabled(true);
    rebuild();
}

void MaskChecksPanel::setPending() {
    rows_->setEnabled(false);
    summary_->setText(tr("Checking the new mask…"));
}

void MaskChecksPanel::clear() { setReport(nullptr); }

QString MaskChecksPanel::summaryText() const {
    if (!report_ || report_->checks.empty()) return tr("No mask yet");
    const int total = static_cast<int>(report_->checks.size());
    const int failed = static_cast<int>(report_->failed().size());
    if (failed == 0) return tr("All %1 mask checks passed").arg(total);
    return tr("Mask needs review: %1 of %2 checks failed").arg(failed).arg(total);
}

QStringList MaskChecksPanel::rowTexts() const {
    QStringList texts;
    for (const auto* label : rows_->findChildren<QLabel*>(QStringLiteral("checkText"))) {
        texts << label->text();
    }
    return texts;
}

void MaskChecksPanel::rebuild() {
    while (rowLayout_->count() > 1) {
        QLayoutItem* item = rowLayout_->takeAt(0);
        delete item->widget();
        delete item;
    }
    const QString summary = summaryText();
    if (report_ && report_->needsReview()) {
        summary_->setText(QStringLiteral("<b style=\"color:%1\">%2</b>")
                              .arg(kFailed.name(), summary.toHtmlEscaped()));
    } else if (report_ && !report_->checks.empty()) {
        summary_->setText(QStringLiteral("<b style=\"color:%1\">%2</b>")
                              .arg(kPassed.name(), summary.toHtmlEscaped()));
    } else {
        summary_->setText(summary);
    }
    if (!report_) return;
    // Failed checks first, so that what needs a look is in view without scrolling; each group
    // in the report's order.
    int index = 0;
    for (const bool failedPass : {true, false}) {
        for (const auto& check : report_->checks) {
            if (check.passed == failedPass) continue;
            rowLayout_->insertWidget(index++, checkRow(check, rows_));
        }
    }
}

}  // namespace xrayprep::ui
