#include "ui/panels/TimingPanel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/panels/ComparisonTableModel.h"
#include "ui/panels/TimingChartView.h"
#include "ui/panels/TimingFormat.h"
#include "ui/panels/TimingTableModel.h"

namespace xrayprep::ui {
namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    view->verticalHeader()->hide();
    view->verticalHeader()->setMinimumSectionSize(view->fontMetrics().height() + 4);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    return view;
}

QSplitter* stacked(QWidget* top, QWidget* bottom, QWidget* parent) {
    auto* splitter = new QSplitter(Qt::Vertical, parent);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    return splitter;
}

}  // namespace

TimingPanel::TimingPanel(QWidget* parent) : QWidget(parent) {
    timingModel_ = new TimingTableModel(this);
    comparisonModel_ = new ComparisonTableModel(this);

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("timingSummary"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    logScale_ = new QCheckBox(tr("&Log scale"), this);
    logScale_->setToolTip(tr("Logarithmic time axis: fast stages stay visible next to slow ones"));
    compare_ = new QPushButton(tr("&Compare backends"), this);
    compare_->setObjectName(QStringLiteral("compareButton"));
    compare_->setToolTip(
        tr("Run the pipeline on every available backend and compare times and pixels"));
    busy_ = new QProgressBar(this);
    busy_->setRange(0, 0);  // indeterminate
    busy_->setTextVisible(false);
    busy_->setMaximumWidth(60);
    busy_->hide();

    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(busy_);
    top->addWidget(compare_);

    timingView_ = makeTable(timingModel_, this);
    timingView_->setObjectName(QStringLiteral("timingTable"));
    // Room for four rows at least, so the panel fits a short dock; it scrolls below that.
    timingView_->setMinimumHeight(timingView_->horizontalHeader()->sizeHint().height() +
                                  4 * timingView_->verticalHeader()->defaultSectionSize() +
                                  2 * timingView_->frameWidth());
    timingView_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    runChart_ = new TimingChartView(this);
    runChart_->setObjectName(QStringLiteral("runChart"));
    comparisonView_ = makeTable(comparisonModel_, this);
    comparisonView_->setObjectName(QStringLiteral("comparisonTable"));
    comparisonChart_ = new TimingChartView(this);
    comparisonChart_->setObjectName(QStringLiteral("comparisonChart"));

    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    tabs_->addTab(stacked(timingView_, runChart_, tabs_), tr("Last run"));
    QSplitter* comparisonSplit = stacked(comparisonView_, comparisonChart_, tabs_);
    comparisonSplit->setStretchFactor(0, 3);  // the numbers matter most here
    comparisonSplit->setStretchFactor(1, 2);
    tabs_->addTab(comparisonSplit, tr("Backend comparison"));
    tabs_->setTabEnabled(1, false);
    tabs_->setCornerWidget(logScale_, Qt::TopRightCorner);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(tabs_, 1);

    connect(compare_, &QPushButton::clicked, this, &TimingPanel::compareRequested);
    connect(logScale_, &QCheckBox::toggled, this, [this](bool on) {
        runChart_->setLogScale(on);
        comparisonChart_->setLogScale(on);
        emit logScaleChanged(on);
    });
    clear();
}

QSize TimingPanel::sizeHint() const {
    const QSize base = QWidget::sizeHint();
    return {std::max(base.width(), 460), std::max(base.height(), 560)};
}

QSize TimingPanel::minimumSizeHint() const {
    const QSize base = QWidget::minimumSizeHint();
    return {std::max(base.width(), 320), base.height()};
}

void TimingPanel::setLastRun(const RunTiming& run, const std::optional<RunTiming>& serial) {
    timingModel_->setRun(run, serial);
    runChart_->showRun(run, serial);
    fitColumns(timingView_);
    updateSummary();
}

void TimingPanel::setComparison(const BackendComparison& comparison) {
    comparisonModel_->setComparison(comparison);
    comparisonChart_->showComparison(comparison);
    comparisonView_->clearSpans();
    const auto& rows = comparisonModel_->rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].kind == ComparisonTableModel::Row::Kind::Backend) {
            comparisonView_->setSpan(static_cast<int>(i), ComparisonTableModel::StageColumn, 1,
                                     ComparisonTableModel::ColumnCount);
        }
    }
    fitColumns(comparisonView_);
    tabs_->setTabEnabled(1, !comparison.runs.empty());
    if (!comparison.runs.empty()) tabs_->setCurrentIndex(1);
}

void TimingPanel::setComparing(bool busy) {
    compare_->setEnabled(!busy);
    compare_->setText(busy ? tr("Comparing…") : tr("&Compare backends"));
    busy_->setVisible(busy);
}

void TimingPanel::clear() {
    timingModel_->clear();
    comparisonModel_->clear();
    runChart_->clearChart();
    comparisonChart_->clearChart();
    comparisonView_->clearSpans();
    tabs_->setTabEnabled(1, false);
    tabs_->setCurrentIndex(0);
    updateSummary();
}

void TimingPanel::setLogScale(bool on) {
    const QSignalBlocker block(logScale_);
    logScale_->setChecked(on);
    runChart_->setLogScale(on);
    comparisonChart_->setLogScale(on);
}

bool TimingPanel::logScale() const { return logScale_->isChecked(); }

void TimingPanel::updateSummary() {
    const auto& run = timingModel_->run();
    if (!run) {
        summary_->setText(tr("No run yet"));
        summary_->setToolTip({});
        return;
    }
    QString text = tr("<b>%1</b>: %2 ms")
                       .arg(QString::fromStdString(run->backendDescription).toHtmlEscaped(),
                            formatMs(run->totalWallMs()));
    const auto speedup =
        timingModel_->value(TimingTableModel::totalRow(), TimingTableModel::SpeedupColumn);
    if (speedup && run->backend != processing::BackendKind::Serial) {
        text += tr(" · %1 vs serial").arg(formatSpeedup(*speedup));
    }
    summary_->setText(text);
    summary_->setToolTip(summary_->text());
}

void TimingPanel::fitColumns(QTableView* view) {
    QHeaderView* header = view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (view == timingView_) {
        // The stage column takes the slack so the numbers stay against the right edge.
        header->setSectionResizeMode(TimingTableModel::StageColumn, QHeaderView::Stretch);
    } else {
        // Every column to its contents (two-line headers keep them narrow); the stage column
        // takes the slack. A dock narrower still scrolls sideways.
        header->setSectionResizeMode(ComparisonTableModel::StageColumn, QHeaderView::Stretch);
        header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("Threshold")));
    }
}

}  // namespace xrayprep::ui
