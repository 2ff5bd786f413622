// In the application: the time from a parameter edit to the refreshed preview, serial against
// openmp, with the GUI busy repainting (the image view repainted at 60 Hz the whole time) and,
// with --load N, N other busy processes. The whole window at 1280 x 800, the image opened as a
// user opens it (File > Open: decoding on a worker), the edit made in the parameter panel's
// editor (contour.minAreaMm2, which re-runs the contour, mask and ESF stages), the time taken
// until the ESF stage is drawn on screen, and the stages' own times. OpenMP threads wait
// passively and large blocks are kept for reuse, as in the application. Also prints how many
// cores the GUI thread and the other threads used during each backend's edits (Linux). Run
// under QT_QPA_PLATFORM=offscreen (or xvfb-run).
//
// usage: perf_gui_refresh FILE [--edits N] [--load N]
#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/cli/BusyLoad.h"
#include "app/common/LargeBlockReuse.h"
#include "app/common/PassiveThreadWait.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PipelineModel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/views/ImageView.h"
#include "ui/window/MainWindow.h"
#include "ui/window/StageDisplay.h"

using namespace xrayprep;

namespace {

bool waitFor(QSignalSpy& spy, int count, int timeoutMs = 120000) {
    QElapsedTimer clock;
    clock.start();
    while (spy.count() < count) {
        if (clock.elapsed() > timeoutMs) return false;
        spy.wait(static_cast<int>(std::max<qint64>(1, timeoutMs - clock.elapsed())));
    }
    return true;
}

// CPU seconds of each thread of this process (Linux: /proc/self/task/*/stat, utime + stime),
// by thread id; empty elsewhere.
std::map<long, double> threadCpuSeconds() {
    std::map<long, double> out;
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const auto& task : fs::directory_iterator("/proc/self/task", ec)) {
        std::ifstream in(task.path() / "stat");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(text.substr(close + 2));
        std::string field;
        unsigned long long utime = 0, stime = 0;
        for (int i = 1; i <= 13 && fields >> field; ++i) {
            if (i == 12) utime = std::stoull(field);
            if (i == 13) stime = std::stoull(field);
        }
        out[std::stol(task.path().filename().string())] =
            static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
    return out;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
    // As the application starts (app/gui/main.cpp): threads wait passively, large blocks are
    // kept for reuse.
    app::ensurePassiveThreadWait(argv);
    app::keepLargeBlocksForReuse();
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: perf_gui_refresh FILE [--edits N] [--load N]\n");
        return 2;
    }
    const QString file = QString::fromLocal8Bit(argv[1]);
    int edits = 5, load = 0;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--edits")
            edits = std::max(1, std::atoi(argv[i + 1]));
        else if (a == "--load")
            load = std::max(0, std::atoi(argv[i + 1]));
        else {
            std::fprintf(stderr, "perf_gui_refresh: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    QTemporaryDir dir;
    ui::AppSettings settings(dir.filePath(QStringLiteral("settings.ini")));
    ui::PipelineModel model;
    ui::MainWindow window(model, settings);
    window.resize(1280, 800);
    window.show();
    window.showStage(ui::ViewStage::Esf);
    ui::ImageView& view = window.stageDisplay().imageView();

    QSignalSpy loaded(&model, &ui::PipelineModel::inputLoaded);
    QSignalSpy finished(&model, &ui::PipelineModel::runFinished);
    model.openFile(file);
    if (!waitFor(loaded, 1) || !waitFor(finished, 1)) {
        std::fprintf(stderr, "perf_gui_refresh: %s did not load and run\n", argv[1]);
        return 1;
    }
    auto* minArea = qobject_cast<QDoubleSpinBox*>(
        window.findChild<ui::ParameterPanel*>()->editorFor(QStringLiteral("contour.minAreaMm2")));
    if (minArea == nullptr) return 1;

    // The GUI thread repaints the image view at 60 Hz throughout.
    QTimer repaint;
    QObject::connect(&repaint, &QTimer::timeout, &view, [&view] { view.repaint(); });
    repaint.start(16);
    const app::BusyLoad busy(load);

    std::printf(
        "%s, window 1280x800, ESF stage shown, view repainted every 16 ms, %d busy "
        "process(es); %d edits per backend (contour.minAreaMm2)\n",
        argv[1], load, edits);
    double serialMs = 0.0;
    for (const auto kind : {processing::BackendKind::Serial, processing::BackendKind::OpenMP}) {
        const int runsBefore = finished.count();
        model.setBackend(kind, 0);
        if (!waitFor(finished, runsBefore + 1)) {  // a backend change re-runs
            std::fprintf(stderr, "perf_gui_refresh: no run after the backend change\n");
            return 1;
        }
        std::vector<double> times;
        std::array<std::vector<double>, 3> stageMs;  // contour, mask, esf per edit
        const std::map<long, double> cpuBefore = threadCpuSeconds();
        QElapsedTimer loop;
        loop.start();
        for (int e = 0; e < edits; ++e) {
            QElapsedTimer clock;
            double shownMs = -1.0;
            const auto onScreen = [&] {
                view.repaint();
                shownMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            };
            const auto connection = QObject::connect(
                &model, &ui::PipelineModel::stageFinished, &window, [&](ui::ViewStage s) {
                    if (s != ui::ViewStage::Esf || shownMs >= 0) return;
                    if (!view.isPreparing()) return onScreen();
                    QObject::connect(&view, &ui::ImageView::levelsReady, &window, onScreen,
                                     Qt::SingleShotConnection);
                });
            const int before = finished.count();
            clock.start();
            minArea->setValue(minArea->value() == 12.0 ? 8.0 : 12.0);  // always a change
            if (!waitFor(finished, before + 1)) {
                std::fprintf(stderr, "perf_gui_refresh: no run after the edit\n");
                return 1;
            }
            QElapsedTimer wait;
            wait.start();
            while (shownMs < 0 && wait.elapsed() < 10000)
                QSignalSpy(&view, &ui::ImageView::levelsReady).wait(50);
            QObject::disconnect(connection);
            times.push_back(shownMs);
            if (const auto timing = model.lastTiming(kind)) {
                int i = 0;
                for (const auto stage : {processing::StageId::Contour, processing::StageId::Mask,
                                         processing::StageId::Esf})
                    stageMs[i++].push_back(
                        timing->wallMs[processing::stageIndex(stage)].value_or(0.0));
            }
        }
        // Where the cores went during the edits: the GUI thread (this process's first), the
        // other threads (the run's, the previews'), in cores (CPU seconds per second).
        const double seconds = static_cast<double>(loop.nsecsElapsed()) / 1e9;
        double gui = 0.0, others = 0.0;
        for (const auto& [tid, cpu] : threadCpuSeconds()) {
            const auto before = cpuBefore.find(tid);
            const double used = cpu - (before == cpuBefore.end() ? 0.0 : before->second);
            (tid == static_cast<long>(getpid()) ? gui : others) += used;
        }
        const double m = median(times);
        std::printf("%-28s edit to refreshed ESF preview: median %.0f ms (min %.0f, max %.0f)\n",
                    qPrintable(model.backendDescription()), m,
                    *std::min_element(times.begin(), times.end()),
                    *std::max_element(times.begin(), times.end()));
        if (!stageMs[0].empty())
            std::printf("%-28s stage wall times, medians: contour %.0f ms, mask %.0f, esf %.0f\n",
                        "", median(stageMs[0]), median(stageMs[1]), median(stageMs[2]));
        if (seconds > 0.0)
            std::printf(
                "%-28s cores in use during the edits: GUI thread %.2f, other threads %.2f\n", "",
                gui / seconds, others / seconds);
        if (kind == processing::BackendKind::Serial)
            serialMs = m;
        else
            std::printf("openmp vs serial in the application: %.2fx\n", serialMs / m);
    }
    return 0;
}
