#include "ui/window/StartScreen.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace xrayprep::ui {

namespace {

QPushButton* bigButton(const QString& text, const QString& tip, QWidget* parent) {
    auto* button = new QPushButton(text, parent);
    button->setToolTip(tip);
    button->setMinimumHeight(40);
    button->setMinimumWidth(260);
    return button;
}

}  // namespace

StartScreen::StartScreen(QWidget* parent) : QWidget(parent) {
    auto* title = new QLabel(tr("xrayprep"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.2);
    titleFont.setBold(true);
    title->setFont(titleFont);

    auto* subtitle = new QLabel(
        tr("Prepare foot radiographs for 3D bone-mesh generation: median, threshold, Sobel, "
           "active contour, mask and Edge Strength Function, stage by stage."),
        this);
    subtitle->setWordWrap(true);

    auto* open = bigButton(tr("Open DICOM file…"), tr("Open a radiograph (Ctrl+O)"), this);
    auto* planar = bigButton(tr("Open the sample (planar view)"),
                             tr("The built-in synthetic foot radiograph, 2920 x 2320, 12 bits, "
                                "with burned-in text, a lead marker and noise"),
                             this);
    auto* lateral = bigButton(tr("Open the sample (lateral view)"),
                              tr("The built-in synthetic radiograph, lateral view"), this);
    connect(open, &QPushButton::clicked, this, &StartScreen::openFileRequested);
    connect(planar, &QPushButton::clicked, this, [this] { emit sampleRequested(false); });
    connect(lateral, &QPushButton::clicked, this, [this] { emit sampleRequested(true); });

    auto* recentTitle = new QLabel(tr("Recent files"), this);
    QFont bold = recentTitle->font();
    bold.setBold(true);
    recentTitle->setFont(bold);
    recent_ = new QListWidget(this);
    recent_->setMinimumWidth(360);
    recent_->setMaximumHeight(220);
    connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit recentFileRequested(item->data(Qt::UserRole).toString());
    });

    auto* hint = new QLabel(tr("Or drop a DICOM file anywhere on this window."), this);
    hint->setEnabled(false);

    auto* column = new QVBoxLayout;
    column->addWidget(title);
    column->addWidget(subtitle);
    column->addSpacing(16);
    column->addWidget(open);
    column->addWidget(planar);
    column->addWidget(lateral);
    column->addSpacing(16);
    column->addWidget(recentTitle);
    column->addWidget(recent_);
    column->addWidget(hint);

    auto* box = new QWidget(this);
    box->setLayout(column);
    box->setMaximumWidth(520);

    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    auto* middle = new QVBoxLayout;
    middle->addStretch(1);
    middle->addWidget(box);
    middle->addStretch(2);
    outer->addLayout(middle);
    outer->addStretch(1);
    setRecentFiles({});
}

void StartScreen::setRecentFiles(const QStringList& paths) {
    recent_->clear();
    for (const QString& path : paths) {
        const QFileInfo info(path);
        auto* item = new QListWidgetItem(
            QStringLiteral("%1  —  %2")
                .arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())),
            recent_);
        item->setData(Qt::UserRole, path);
        item->setToolTip(QDir::toNativeSeparators(path));
    }
    if (paths.isEmpty()) {
        auto* item = new QListWidgetItem(tr("(none yet)"), recent_);
        item->setFlags(Qt::NoItemFlags);
    }
}

}  // namespace xrayprep::ui
