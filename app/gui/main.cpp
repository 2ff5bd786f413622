// xrayprep: the desktop application (SPEC §6).
#include <QApplication>
#include <QCommandLineParser>
#include <QSize>
#include <QTimer>
#include <cstdio>

#include "app/common/LargeBlockReuse.h"
#include "app/common/PassiveThreadWait.h"
#include "app/gui/ScreenshotDriver.h"
#include "gpu/BackendFactory.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PipelineModel.h"
#include "ui/preview/OpenGlSupport.h"
#include "ui/window/MainWindow.h"

namespace {

struct Options {
    QString file;
    QString sample;  // "planar" / "lateral" / empty
    QString backend;
    int threads = 0;
    QString screenshots;
    QString prefix = QStringLiteral("main");
    QSize size;
};

bool parseOptions(const QApplication& app, Options& options) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Prepares DICOM foot radiographs for 3D bone-mesh generation."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("DICOM file to open"),
                                 QStringLiteral("[FILE.dcm]"));
    const QCommandLineOption sample(QStringLiteral("sample"),
                                    QStringLiteral("Open the built-in sample (planar|lateral)."),
                                    QStringLiteral("view"));
    const QCommandLineOption backend(QStringLiteral("backend"),
                                     QStringLiteral("Compute backend (serial|openmp|cuda)."),
                                     QStringLiteral("name"));
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("Threads of the openmp backend."),
                                     QStringLiteral("n"));
    const QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QStringLiteral("Show each stage once after the first run, save the window as PNGs in "
                       "this folder, then quit."),
        QStringLiteral("folder"));
    const QCommandLineOption prefix(QStringLiteral("screenshot-prefix"),
                                    QStringLiteral("File name prefix of the screenshots."),
                                    QStringLiteral("text"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size, e.g. 1920x1080."),
                                  QStringLiteral("WxH"));
    parser.addOptions({sample, backend, threads, screenshots, prefix, size});
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "xrayprep: give at most one file\n");
        return false;
    }
    if (!files.isEmpty()) options.file = files.front();
    options.sample = parser.value(sample);
    if (!options.sample.isEmpty() && options.sample != QLatin1String("planar") &&
        options.sample != QLatin1String("lateral")) {
        std::fprintf(stderr, "xrayprep: --sample takes planar or lateral\n");
        return false;
    }
    options.backend = parser.value(backend);
    options.threads = parser.value(threads).toInt();
    options.screenshots = parser.value(screenshots);
    if (parser.isSet(prefix)) options.prefix = parser.value(prefix);
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2) options.size = QSize(wh[0].toInt(), wh[1].toInt());
        if (!options.size.isValid() || options.size.isEmpty()) {
            std::fprintf(stderr, "xrayprep: --size takes WxH, e.g. 1280x800\n");
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    xrayprep::app::ensurePassiveThreadWait(argv);
    xrayprep::app::keepLargeBlocksForReuse();
    xrayprep::ui::setDefaultSurfaceFormatForVtk();  // the 3D preview's context; before the app
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("xrayprep"));
    QApplication::setApplicationName(QStringLiteral("xrayprep"));
    QApplication::setApplicationVersion(QStringLiteral(XRAYPREP_VERSION));

    Options options;
    if (!parseOptions(app, options)) return 2;

    xrayprep::ui::AppSettings settings;
    xrayprep::ui::PipelineModel model;
    xrayprep::ui::MainWindow window(model, settings);
    if (!options.backend.isEmpty()) {
        const auto kind = xrayprep::gpu::backendFromString(options.backend.toStdString());
        if (!kind) {
            std::fprintf(stderr, "xrayprep: unknown backend %s\n", qPrintable(options.backend));
            return 2;
        }
        window.chooseBackend(*kind, options.threads);
    }
    if (options.size.isValid()) window.resize(options.size);
    if (!options.screenshots.isEmpty()) {
        new xrayprep::app::ScreenshotDriver(window, model, options.screenshots, options.prefix);
    }
    window.show();

    if (!options.file.isEmpty()) {
        window.openPath(options.file);
    } else if (!options.sample.isEmpty()) {
        window.openSample(options.sample == QLatin1String("lateral"));
    }
    return QApplication::exec();
}
