#include "app/gui/ScreenshotDriver.h"

#include <QApplication>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "ui/data/ViewStage.h"
#include "ui/model/PipelineModel.h"
#include "ui/window/MainWindow.h"

namespace xrayprep::app {

namespace {
constexpr int kSettleMilliseconds = 400;  // lets layouts, thumbnails and charts repaint
}

ScreenshotDriver::ScreenshotDriver(ui::MainWindow& window, ui::PipelineModel& model,
                                   const QString& folder, const QString& prefix)
    : QObject(&window), window_(window), model_(model), folder_(folder), prefix_(prefix) {
    folder_.mkpath(QStringLiteral("."));
    connect(&model_, &ui::PipelineModel::runFinished, this, [this] {
        if (!started_) QTimer::singleShot(kSettleMilliseconds, this, [this] { start(); });
    });
    connect(&model_, &ui::PipelineModel::loadFailed, this, [](const QString& message) {
        std::fprintf(stderr, "xrayprep: %s\n", qPrintable(message));
        QApplication::exit(1);
    });
}

void ScreenshotDriver::start() {
    if (started_) return;
    started_ = true;
    captureNext();
}

void ScreenshotDriver::captureNext() {
    if (next_ >= ui::kViewStageCount) {
        QApplication::quit();
        return;
    }
    const auto stage = ui::kAllViewStages[static_cast<std::size_t>(next_)];
    window_.showStage(stage);
    QTimer::singleShot(kSettleMilliseconds, this, [this, stage] {
        const QString name = QStringLiteral("%1-%2-%3.png")
                                 .arg(prefix_)
                                 .arg(next_ + 1)
                                 .arg(QString::fromLatin1(ui::viewStageTitle(stage)).toLower());
        const QString path = folder_.filePath(name);
        if (!window_.grab().save(path)) {
            std::fprintf(stderr, "xrayprep: cannot write %s\n", qPrintable(path));
            QApplication::exit(1);
            return;
        }
        std::printf("wrote %s\n", qPrintable(path));
        ++next_;
        captureNext();
    });
}

}  // namespace xrayprep::app
