#include "app/gui/ScreenshotDriver.h"

#include <QApplication>
#include <QDockWidget>
#include <QMouseEvent>
#include <QPixmap>
#include <QTimer>
#include <algorithm>
#include <cstdio>

#include "ui/data/ViewStage.h"
#include "ui/model/MeshTask.h"
#include "ui/model/PipelineModel.h"
#include "ui/views/ImageView.h"
#include "ui/window/MainWindow.h"
#include "ui/window/MaskEditBar.h"
#include "ui/window/MeshPreviewDock.h"
#include "ui/window/StageDisplay.h"

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
        captureEditing();
        return;
    }
    const auto stage = ui::kAllViewStages[static_cast<std::size_t>(next_)];
    window_.showStage(stage);
    QTimer::singleShot(kSettleMilliseconds, this, [this, stage] {
        if (!save(QString::fromLatin1(ui::viewStageTitle(stage)).toLower())) return;
        captureNext();
    });
}

void ScreenshotDriver::captureEditing() {
    window_.showStage(ui::ViewStage::Mask);
    window_.maskEditBar().setTool(ui::EditTool::Erase);
    const auto& contour = model_.displayed().contour;
    if (!contour || contour->mask.empty()) {
        capturePreview();
        return;
    }
    // A horizontal erase stroke through the middle of the mask's rows that hold bone.
    const processing::Mask& m = contour->mask;
    int top = m.height(), bottom = -1, left = m.width(), right = -1;
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (!m.at(x, y)) continue;
            top = std::min(top, y);
            bottom = std::max(bottom, y);
            left = std::min(left, x);
            right = std::max(right, x);
        }
    }
    const float y = 0.5f * static_cast<float>(top + bottom);
    const float x0 = static_cast<float>(left) + 0.3f * static_cast<float>(right - left);
    const float x1 = static_cast<float>(left) + 0.7f * static_cast<float>(right - left);
    const double radius = 0.01 * std::max(m.width(), m.height());
    window_.maskEditBar().setBrushRadiusPixels(radius);
    connect(
        &model_, &ui::PipelineModel::runFinished, this,
        [this, x1, y] {
            QTimer::singleShot(kSettleMilliseconds, this, [this, x1, y] {
                // The cursor over the end of the stroke: the brush's outline shows.
                ui::ImageView& view = window_.stageDisplay().imageView();
                const QPointF at = view.transform().imageToView(QPointF(x1 + 0.5, y + 0.5));
                QMouseEvent move(QEvent::MouseMove, at, view.mapToGlobal(at), Qt::NoButton,
                                 Qt::NoButton, Qt::NoModifier);
                QApplication::sendEvent(&view, &move);
                QTimer::singleShot(kSettleMilliseconds, this, [this] {
                    if (save(QStringLiteral("mask-editing"))) capturePreview();
                });
            });
        },
        Qt::SingleShotConnection);
    if (!model_.paintMask({{x0, y}, {x1, y}}, radius, false)) {
        capturePreview();
    }
}

void ScreenshotDriver::capturePreview() {
    auto* dock = window_.findChild<QDockWidget*>(QStringLiteral("meshPreviewDock"));
    auto* preview = window_.findChild<ui::MeshPreviewDock*>();
    if (dock == nullptr || preview == nullptr) {
        QApplication::quit();
        return;
    }
    window_.showStage(ui::ViewStage::Mask);
    dock->show();
    dock->raise();  // a visible dock builds its mesh
    // Room for the 3D view: about 40 % of the window's width.
    window_.resizeDocks({dock}, {window_.width() * 2 / 5}, Qt::Horizontal);
    ui::MeshTask& task = preview->task();
    auto shoot = [this] {
        QTimer::singleShot(kSettleMilliseconds * 2, this, [this] {
            if (save(QStringLiteral("3d"))) QApplication::quit();
        });
    };
    if (task.upToDate()) {
        shoot();
        return;
    }
    connect(&task, &ui::MeshTask::meshReady, this, shoot, Qt::SingleShotConnection);
    connect(&task, &ui::MeshTask::buildFailed, this, [shoot](const QString& message) {
        std::fprintf(stderr, "xrayprep: no mesh: %s\n", qPrintable(message));
        shoot();
    });
}

bool ScreenshotDriver::save(const QString& name) {
    const QString file = QStringLiteral("%1-%2-%3.png").arg(prefix_).arg(next_ + 1).arg(name);
    const QString path = folder_.filePath(file);
    if (!window_.grab().save(path)) {
        std::fprintf(stderr, "xrayprep: cannot write %s\n", qPrintable(path));
        QApplication::exit(1);
        return false;
    }
    std::printf("wrote %s\n", qPrintable(path));
    std::fflush(stdout);
    ++next_;
    return true;
}

}  // namespace xrayprep::app
