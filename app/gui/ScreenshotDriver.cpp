#include "app/gui/ScreenshotDriver.h"

#include <QApplication>
#include <QDockWidget>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QTimer>
#include <algorithm>
#include <array>
#include <cstdio>

#include "ui/data/ViewStage.h"
#include "ui/model/MeshTask.h"
#include "ui/model/PipelineModel.h"
#include "ui/views/ImageView.h"
#include "ui/window/ExportDialog.h"
#include "ui/window/MainWindow.h"
#include "ui/window/MaskEditBar.h"
#include "ui/window/MeshPreviewDock.h"
#include "ui/window/StageDisplay.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::app {

namespace {
constexpr int kSettleMilliseconds = 400;  // lets layouts, thumbnails and charts repaint

// The first and last columns and rows of the mask that hold bone: left, top, right, bottom.
std::array<int, 4> boneBounds(const processing::Mask& m) {
    std::array<int, 4> b{m.width(), m.height(), -1, -1};
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (!m.at(x, y)) continue;
            b = {std::min(b[0], x), std::min(b[1], y), std::max(b[2], x), std::max(b[3], y)};
        }
    }
    return b;
}

}  // namespace

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
        captureLasso();
        return;
    }
    const auto stage = ui::kAllViewStages[static_cast<std::size_t>(next_)];
    window_.showStage(stage);
    QTimer::singleShot(kSettleMilliseconds, this, [this, stage] {
        if (!save(QString::fromLatin1(ui::viewStageTitle(stage)).toLower())) return;
        captureNext();
    });
}

void ScreenshotDriver::captureLasso() {
    // The Lasso + tool while the outline is being drawn around a patch of soft tissue beside the
    // mask's middle (the button still down), then released: the patch joins the mask.
    window_.showStage(ui::ViewStage::Mask);
    window_.maskEditBar().setTool(ui::EditTool::LassoAdd);
    const auto& contour = model_.displayed().contour;
    if (!contour || contour->mask.empty()) {
        captureEditing();
        return;
    }
    const auto [left, top, right, bottom] = boneBounds(contour->mask);
    ui::ImageView& view = window_.stageDisplay().imageView();
    const auto at = [&](double fx, double fy) {
        return view.transform()
            .imageToView(QPointF(left + fx * (right - left), top + fy * (bottom - top)))
            .toPoint();
    };
    const QPoint first = at(-0.15, 0.55);
    const auto send = [&view](QEvent::Type type, QPoint p, Qt::MouseButton button,
                              Qt::MouseButtons buttons) {
        QMouseEvent e(type, QPointF(p), view.mapToGlobal(QPointF(p)), button, buttons,
                      Qt::NoModifier);
        QApplication::sendEvent(&view, &e);
    };
    send(QEvent::MouseButtonPress, first, Qt::LeftButton, Qt::LeftButton);
    for (const auto& [fx, fy] : std::vector<std::pair<double, double>>{
             {0.05, 0.5}, {0.12, 0.6}, {0.1, 0.72}, {-0.05, 0.75}, {-0.18, 0.66}}) {
        send(QEvent::MouseMove, at(fx, fy), Qt::NoButton, Qt::LeftButton);
    }
    QTimer::singleShot(kSettleMilliseconds, this, [this, first, send] {
        if (!save(QStringLiteral("lasso"))) return;
        afterEdit([this] { captureEditing(); }, [this] { captureEditing(); });
        send(QEvent::MouseButtonRelease, first, Qt::LeftButton, Qt::NoButton);
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
    const auto [left, top, right, bottom] = boneBounds(m);
    const float y = 0.5f * static_cast<float>(top + bottom);
    const float x0 = static_cast<float>(left) + 0.3f * static_cast<float>(right - left);
    const float x1 = static_cast<float>(left) + 0.7f * static_cast<float>(right - left);
    const double radius = 0.01 * std::max(m.width(), m.height());
    window_.maskEditBar().setBrushRadiusPixels(radius);
    afterEdit(
        [this, x1, y] {
            // The cursor over the end of the stroke: the brush's outline shows.
            ui::ImageView& view = window_.stageDisplay().imageView();
            const QPointF at = view.transform().imageToView(QPointF(x1 + 0.5, y + 0.5));
            QMouseEvent move(QEvent::MouseMove, at, view.mapToGlobal(at), Qt::NoButton,
                             Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(&view, &move);
            QTimer::singleShot(kSettleMilliseconds, this, [this] {
                if (save(QStringLiteral("mask-editing"))) captureGuidance();
            });
        },
        // A stroke that changed nothing re-runs nothing: on without the editing shot.
        [this] { captureGuidance(); });
    if (!model_.paintMask({{x0, y}, {x1, y}}, radius, false)) captureGuidance();
}

void ScreenshotDriver::afterEdit(std::function<void()> changed, std::function<void()> unchanged) {
    connect(
        &model_, &ui::PipelineModel::maskEditDone, this,
        [this, changed = std::move(changed), unchanged = std::move(unchanged)](bool edited) {
            if (!edited) {
                unchanged();
                return;
            }
            // The edit's run (from the mask stage) has started: shoot once it has finished.
            connect(
                &model_, &ui::PipelineModel::runFinished, this,
                [this, changed] { QTimer::singleShot(kSettleMilliseconds, this, changed); },
                Qt::SingleShotConnection);
        },
        Qt::SingleShotConnection);
}

void ScreenshotDriver::captureGuidance() {
    // A box around the mask with a margin, an exclude seed on the soft tissue beside the
    // mask on its middle row, and an include seed on the mask's middle.
    const auto& contour = model_.displayed().contour;
    const processing::Mask& m = contour->mask;
    const processing::Mask& anatomy = contour->anatomy;
    const auto [left, top, right, bottom] = boneBounds(m);
    const int margin = std::max(m.width(), m.height()) / 40;
    const int y = (top + bottom) / 2;
    int tissue = -1;
    for (int x = left; x <= right && tissue < 0; ++x) {
        if (!m.at(x, y) && anatomy.sameSize(m.width(), m.height()) && anatomy.at(x, y)) tissue = x;
    }
    window_.maskEditBar().setTool(ui::EditTool::ExcludeSeed);
    processing::ContourGuidance g;
    g.box = processing::GuideBox{std::max(0, left - margin), std::max(0, top - margin),
                                 std::min(m.width(), right + margin),
                                 std::min(m.height(), bottom + margin)};
    if (tissue >= 0) g.seeds.push_back({tissue, y, false});
    g.seeds.push_back({(left + right) / 2, y, true});
    connect(
        &model_, &ui::PipelineModel::runFinished, this,
        [this] {
            QTimer::singleShot(kSettleMilliseconds, this, [this] {
                if (save(QStringLiteral("seeds-and-box"))) captureExportDialog();
            });
        },
        Qt::SingleShotConnection);
    if (!model_.setGuidance(g, QStringLiteral("Seeds and box"))) captureExportDialog();
}

void ScreenshotDriver::captureExportDialog() {
    window_.findChild<ui::WindowActions*>()->exportResults->trigger();
    QTimer::singleShot(kSettleMilliseconds, this, [this] {
        ui::ExportDialog* dialog = nullptr;
        for (auto* d : window_.findChildren<ui::ExportDialog*>()) {
            if (d->isVisible()) dialog = d;
        }
        if (dialog != nullptr) {
            // The dialog over the window, as the user sees it.
            QPixmap shot = window_.grab();
            QPainter painter(&shot);
            painter.drawPixmap(dialog->geometry().topLeft() - window_.geometry().topLeft(),
                               dialog->grab());
            painter.end();
            const bool ok = saveImage(shot, QStringLiteral("export-dialog"));
            dialog->reject();
            if (!ok) return;
        }
        capturePreview();
    });
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

bool ScreenshotDriver::save(const QString& name) { return saveImage(window_.grab(), name); }

bool ScreenshotDriver::saveImage(const QPixmap& shot, const QString& name) {
    const QString file = QStringLiteral("%1-%2-%3.png").arg(prefix_).arg(next_ + 1).arg(name);
    const QString path = folder_.filePath(file);
    if (!shot.save(path)) {
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
