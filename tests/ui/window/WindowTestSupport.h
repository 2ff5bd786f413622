#pragma once

#include <gtest/gtest.h>

#include <time.h>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <memory>

#include "processing/phantom/FootPhantom.h"
#include "tests/support/TempDir.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PipelineModel.h"
#include "ui/window/MainWindow.h"

namespace xrayprep::ui::test {

constexpr int kWaitMs = 120000;

// Runs the event loop until `spy` has seen `count` signals (or the time is up).
inline bool waitForCount(QSignalSpy& spy, int count, int timeoutMs = kWaitMs) {
    QElapsedTimer clock;
    clock.start();
    while (spy.count() < count) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) return false;
        spy.wait(static_cast<int>(left));
    }
    return true;
}

inline processing::Phantom phantom(int width, int height,
                                   processing::PhantomView view = processing::PhantomView::Planar) {
    processing::PhantomParams params;
    params.width = width;
    params.height = height;
    params.view = view;
    return processing::FootPhantom{}(params);
}

// The window as a user gets it, with settings in a temporary INI file.
class WindowFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        settings = std::make_unique<AppSettings>(
            QString::fromStdString((dir.path() / "settings.ini").string()));
        model = std::make_unique<PipelineModel>();
        window = std::make_unique<MainWindow>(*model, *settings);
        window->resize(1280, 800);
        window->show();
    }
    void TearDown() override {
        window.reset();  // the window refers to the model
        model.reset();
    }

    // Loads a small sample and waits until every stage is shown.
    void loadSmallSample(int width = 584, int height = 464) {
        QSignalSpy finished(model.get(), &PipelineModel::runFinished);
        processing::Phantom p = phantom(width, height);
        model->setInput(std::move(p.image), std::move(p.metadata),
                        QStringLiteral("Sample (planar)"));
        ASSERT_TRUE(waitForCount(finished, 1));
    }

    [[nodiscard]] QMessageBox* openMessageBox() const {
        const auto boxes = window->findChildren<QMessageBox*>();
        const auto shown =
            std::find_if(boxes.begin(), boxes.end(), [](QMessageBox* b) { return b->isVisible(); });
        return shown == boxes.end() ? nullptr : *shown;
    }

    test_support::TempDir dir{"xrayprep-window"};
    std::unique_ptr<AppSettings> settings;
    std::unique_ptr<PipelineModel> model;
    std::unique_ptr<MainWindow> window;
};

// Largest gap between ticks of a 5 ms timer on the GUI thread: how long the event loop was
// blocked at most while it ran.
class EventLoopProbe {
  public:
    EventLoopProbe() {
        timer_.setInterval(5);
        timer_.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            const qint64 now = clock_.nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            if (now - lastNs_ > maxGapNs_) {
                maxGapNs_ = now - lastNs_;
                maxGapCpuNs_ = cpu - lastCpuNs_;
            }
            lastNs_ = now;
            lastCpuNs_ = cpu;
            ++ticks_;
        });
        clock_.start();
        lastNs_ = clock_.nsecsElapsed();
        lastCpuNs_ = threadCpuNs();
        timer_.start();
    }
    [[nodiscard]] double maxGapMs() const { return static_cast<double>(maxGapNs_) / 1e6; }
    [[nodiscard]] int ticks() const { return ticks_; }
    // CPU time the GUI thread itself used during the largest gap: when it is much smaller
    // than the gap, the thread was waiting for a core (other processes), not working.
    [[nodiscard]] double maxGapCpuMs() const { return static_cast<double>(maxGapCpuNs_) / 1e6; }

  private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 lastNs_ = 0;
    qint64 maxGapNs_ = 0;
    qint64 lastCpuNs_ = 0;
    qint64 maxGapCpuNs_ = 0;
    int ticks_ = 0;

    static qint64 threadCpuNs() {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<qint64>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }
};

}  // namespace xrayprep::ui::test
