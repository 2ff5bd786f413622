// PipelineModel loading: failures keep the previous input, real DICOM files, and the GUI
// thread's responsiveness while a reference-size sample loads and runs.
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "dicom/DicomReader.h"
#include "tests/ui/model/ModelTestSupport.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

TEST(PipelineModelLoad, AFailedLoadNamesTheFileAndKeepsThePreviousInput) {
    PipelineModel model;
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(finished, 1));
    const auto original = model.displayed().original;
    const auto esf = model.displayed().esf;

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString notDicom = dir.filePath(QStringLiteral("not-dicom.dcm"));
    {
        QFile f(notDicom);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("hello, this is plain text and no DICOM file at all\n");
    }
    const QString missing = dir.filePath(QStringLiteral("missing.dcm"));
    QSignalSpy failed(&model, &PipelineModel::loadFailed);
    QSignalSpy loaded(&model, &PipelineModel::inputLoaded);
    int expected = 0;
    for (const QString& path : {notDicom, missing, dir.path()}) {
        model.openFile(path);
        ASSERT_TRUE(waitForCount(failed, ++expected));
        const QString message = failed.last().at(0).toString();
        EXPECT_TRUE(message.contains(QFileInfo(path).fileName())) << message.toStdString();
        EXPECT_GT(message.size(), QFileInfo(path).fileName().size() + 5);
    }
    EXPECT_EQ(loaded.count(), 0);
    EXPECT_FALSE(model.isBusy());
    EXPECT_EQ(model.inputLabel(), QStringLiteral("small"));
    EXPECT_EQ(model.displayed().original, original);
    EXPECT_EQ(model.displayed().esf, esf);
    EXPECT_EQ(finished.count(), 1);
}

TEST(PipelineModelLoad, AManualThresholdFollowsTheNewImagesBitDepth) {
    PipelineModel model;
    processing::PhantomParams params;
    params.width = kSmallWidth;
    params.height = kSmallHeight;
    params.bitsStored = 10;
    const processing::Phantom tenBit = processing::FootPhantom{}(params);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.setInput(tenBit.image, tenBit.metadata, QStringLiteral("10-bit"));
    ASSERT_TRUE(waitForCount(finished, 1));
    processing::PipelineParameters p = model.parameters();
    p.threshold.method = processing::ThresholdMethod::Manual;
    p.threshold.manualValue = 207;
    model.editParameters(p, QStringLiteral("manual 207"));
    ASSERT_TRUE(waitForCount(finished, 2));

    QSignalSpy adapted(&model, &PipelineModel::parametersAdapted);
    const processing::Phantom twelveBit = smallPhantom();  // 12 bits stored
    ASSERT_EQ(twelveBit.image.bitsStored(), 12);
    model.setInput(twelveBit.image, twelveBit.metadata, QStringLiteral("12-bit"));
    ASSERT_TRUE(waitForCount(finished, 3));
    // 207 of 1023 is 829 of 4095 (207 * 4095 / 1023 = 828.6).
    EXPECT_EQ(model.parameters().threshold.manualValue, 829);
    EXPECT_EQ(model.displayed().threshold->value, 829);
    ASSERT_EQ(adapted.count(), 1);
    EXPECT_NE(adapted.front().at(0).toString().indexOf(QStringLiteral("became 829")), -1);
    // The same bit depth again: nothing changes.
    model.setInput(twelveBit.image, twelveBit.metadata, QStringLiteral("12-bit again"));
    ASSERT_TRUE(waitForCount(finished, 4));
    EXPECT_EQ(model.parameters().threshold.manualValue, 829);
    EXPECT_EQ(adapted.count(), 1);
}

TEST(PipelineModelLoad, OpensARealDicomFile) {
    const std::filesystem::path file =
        std::filesystem::path(XRAYPREP_SHARED_DATA_DIR) / "nema-wg04" / "RG3_JPLL.dcm";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "no shared DICOM data";
    const QString path = QString::fromStdString(file.string());
    PipelineModel model;
    QSignalSpy loaded(&model, &PipelineModel::inputLoaded);
    QSignalSpy started(&model, &PipelineModel::loadStarted);
    model.openFile(path);
    ASSERT_TRUE(waitForCount(loaded, 1));
    EXPECT_EQ(started.count(), 1);
    EXPECT_EQ(started.at(0).at(0).toString(), QStringLiteral("RG3_JPLL.dcm"));
    EXPECT_EQ(model.inputLabel(), QStringLiteral("RG3_JPLL.dcm"));
    EXPECT_EQ(model.inputPath(), path);
    const dicom::LoadedImage direct = dicom::DicomReader{}(file);
    ASSERT_TRUE(model.displayed().original);
    EXPECT_TRUE(*model.displayed().original == direct.image);
    ASSERT_TRUE(model.displayed().metadata);
    EXPECT_EQ(model.displayed().metadata->photometric, direct.metadata.photometric);
    // The full run that follows is cancelled by the destructor.
}

// Largest gap between ticks of a 5 ms timer while `until` has not fired.
struct TickProbe {
    explicit TickProbe() {
        timer.setTimerType(Qt::PreciseTimer);
        timer.setInterval(5);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            const qint64 now = clock.nsecsElapsed();
            maxGapNs = std::max(maxGapNs, now - last);
            if (now - last > 15000000) ++longGaps;
            last = now;
            ++ticks;
        });
    }
    static double threadCpuMs() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
    }
    void start() {
        cpuAtStart = threadCpuMs();
        clock.start();
        last = 0;
        timer.start();
    }
    double maxGapMs() const { return static_cast<double>(maxGapNs) / 1e6; }
    QTimer timer;
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 maxGapNs = 0;
    int ticks = 0;
    double cpuAtStart = 0.0;
    double guiCpuMs() const { return threadCpuMs() - cpuAtStart; }
    int longGaps = 0;  // > 15 ms: the machine is busy (the GUI thread shares 2 cores)
};

// Runs the event loop (no processEvents polling) until `signal` of `model` or the timeout.
template <typename Signal>
bool runEventLoopUntil(PipelineModel& model, Signal signal, int timeoutMs) {
    QEventLoop loop;
    bool fired = false;
    const auto connection = QObject::connect(&model, signal, &loop, [&] {
        fired = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(connection);
    return fired;
}

TEST(PipelineModelLatency, TheGuiThreadKeepsTickingWhileAReferenceSizeSampleLoadsAndRuns) {
    PipelineModel model;
    model.setBackend(BackendKind::OpenMP);
    QElapsedTimer clock;
    TickProbe loadProbe;
    loadProbe.start();
    clock.start();
    model.openSample();  // 2920 x 2320
    ASSERT_TRUE(runEventLoopUntil(model, &PipelineModel::inputLoaded, 120000));
    const double loadMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    loadProbe.timer.stop();
    ASSERT_TRUE(model.displayed().original);
    EXPECT_EQ(model.displayed().original->width(), 2920);
    EXPECT_EQ(model.displayed().original->height(), 2320);

    TickProbe runProbe;  // the full run follows inputLoaded at once
    runProbe.start();
    clock.restart();
    ASSERT_TRUE(runEventLoopUntil(model, &PipelineModel::runFinished, 300000));
    const double runMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    const double guiCpuMs = runProbe.guiCpuMs();  // the GUI thread's own work, ticks included
    runProbe.timer.stop();
    for (ViewStage s : kAllViewStages) EXPECT_TRUE(model.displayed().has(s));

    std::printf(
        "[ latency  ] sample load %.0f ms (max GUI gap %.1f ms); full openmp run %.0f ms "
        "(%s), %d ticks, max GUI gap %.1f ms, %d gaps > 15 ms, GUI thread CPU %.1f ms\n",
        loadMs, loadProbe.maxGapMs(), runMs, model.backendDescription().toUtf8().constData(),
        runProbe.ticks, runProbe.maxGapMs(), runProbe.longGaps, guiCpuMs);
    EXPECT_GT(runProbe.ticks, 10);
    EXPECT_LT(runProbe.maxGapMs(), 50.0);
    EXPECT_LT(loadProbe.maxGapMs(), 50.0);
}

}  // namespace
}  // namespace xrayprep::ui::test
