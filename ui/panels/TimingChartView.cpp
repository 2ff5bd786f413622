#include "ui/panels/TimingChartView.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QColor>
#include <QCursor>
#include <QGraphicsLayout>
#include <QHorizontalBarSeries>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/panels/TimingFormat.h"

namespace xrayprep::ui {
namespace {

// One colour per backend, the same in every chart: serial grey (the reference), openmp blue,
// cuda green.
QColor colourOf(processing::BackendKind kind) {
    switch (kind) {
        case processing::BackendKind::Serial:
            return QColor(0x8c, 0x8c, 0x8c);
        case processing::BackendKind::OpenMP:
            return QColor(0x2f, 0x7e, 0xd8);
        case processing::BackendKind::Cuda:
            return QColor(0x5a, 0x9a, 0x00);
    }
    return Qt::darkGray;
}

QFont smaller(const QFont& f) {
    QFont out = f;
    if (out.pointSizeF() > 0) out.setPointSizeF(out.pointSizeF() * 0.9);
    return out;
}

}  // namespace

TimingChartView::TimingChartView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setBackgroundRoundness(0);
    chart()->setMargins(QMargins(2, 2, 8, 2));
    // Every pixel of height goes to the bars: six stage labels must fit without eliding.
    chart()->layout()->setContentsMargins(0, 0, 0, 0);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    // Sets are added last-first (see rebuild), so the legend is reversed back to run order.
    chart()->legend()->setReverseMarkers(true);
    chart()->legend()->setFont(smaller(font()));
    setMinimumHeight(140);  // the dock may be short (1280 x 800): bars stay readable
    rebuild();
}

void TimingChartView::showRun(const RunTiming& run, const std::optional<RunTiming>& serial) {
    sets_.clear();
    if (serial && run.backend != processing::BackendKind::Serial) {
        sets_.push_back(
            {serial->backend, QString::fromStdString(serial->backendDescription), serial->wallMs});
    }
    sets_.push_back({run.backend, QString::fromStdString(run.backendDescription), run.wallMs});
    rebuild();
}

void TimingChartView::showComparison(const BackendComparison& comparison) {
    sets_.clear();
    for (const BackendRun& r : comparison.runs) {
        if (r.error.empty()) {
            sets_.push_back({r.timing.backend, QString::fromStdString(r.timing.backendDescription),
                             r.timing.wallMs});
        }
    }
    rebuild();
}

void TimingChartView::clearChart() {
    sets_.clear();
    rebuild();
}

void TimingChartView::setLogScale(bool on) {
    if (on == log_) return;
    log_ = on;
    rebuild();
}

void TimingChartView::rebuild() {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    // Stages any backend timed, listed bottom-up so the first stage is the top bar.
    std::vector<int> stages;
    double minPositive = 0.0, maxValue = 0.0;
    for (int s = processing::kStageCount - 1; s >= 0; --s) {
        bool timed = false;
        for (const Set& set : sets_) {
            const auto& ms = set.ms[static_cast<std::size_t>(s)];
            if (!ms) continue;
            timed = true;
            maxValue = std::max(maxValue, *ms);
            if (*ms > 0.0) minPositive = minPositive > 0.0 ? std::min(minPositive, *ms) : *ms;
        }
        if (timed) stages.push_back(s);
    }
    c->setTitle(stages.empty() ? tr("No timings yet") : QString());
    if (stages.empty()) return;

    const double logFloor =
        std::pow(10.0, std::floor(std::log10(minPositive > 0.0 ? minPositive : 1e-3)));
    auto* series = new QHorizontalBarSeries;
    // Horizontal bars stack a group bottom-up in set order: adding the sets last-first puts the
    // first backend (serial) on top of each group.
    for (auto it = sets_.rbegin(); it != sets_.rend(); ++it) {
        auto* bars = new QBarSet(it->name);
        bars->setColor(colourOf(it->kind));
        bars->setBorderColor(colourOf(it->kind).darker(120));
        for (const int s : stages) {
            const double ms = it->ms[static_cast<std::size_t>(s)].value_or(0.0);
            bars->append(log_ ? std::max(ms, logFloor) : ms);
        }
        const QString name = it->name;
        connect(bars, &QBarSet::hovered, this, [this, name, stages, bars](bool on, int i) {
            if (!on || i < 0 || i >= static_cast<int>(stages.size())) return;
            const auto stage = processing::kAllStages[static_cast<std::size_t>(stages[i])];
            QToolTip::showText(
                QCursor::pos(),
                tr("%1 — %2: %3 ms").arg(stageTitle(stage), name, formatMs(bars->at(i))), this);
        });
        series->append(bars);
    }
    series->setBarWidth(sets_.size() > 1 ? 0.8 : 0.6);
    c->addSeries(series);

    auto* categories = new QBarCategoryAxis;
    for (const int s : stages) {
        categories->append(stageTitle(processing::kAllStages[static_cast<std::size_t>(s)]));
    }
    categories->setLabelsFont(smaller(font()));
    // A short chart (1280 x 800 screens) would elide every stage name to "…".
    categories->setTruncateLabels(false);
    c->addAxis(categories, Qt::AlignLeft);
    series->attachAxis(categories);

    if (log_) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10.0);
        axis->setLabelFormat(QStringLiteral("%g ms"));
        axis->setRange(logFloor, std::pow(10.0, std::ceil(std::log10(maxValue * 1.05))));
        axis->setMinorTickCount(-1);
        axis->setLabelsFont(smaller(font()));
        c->addAxis(axis, Qt::AlignBottom);
        series->attachAxis(axis);
    } else {
        auto* axis = new QValueAxis;
        axis->setRange(0.0, maxValue > 0.0 ? maxValue * 1.05 : 1.0);
        axis->applyNiceNumbers();
        axis->setLabelFormat(QStringLiteral("%g ms"));
        axis->setLabelsFont(smaller(font()));
        c->addAxis(axis, Qt::AlignBottom);
        series->attachAxis(axis);
    }
    c->legend()->setVisible(sets_.size() > 1);
}

}  // namespace xrayprep::ui
