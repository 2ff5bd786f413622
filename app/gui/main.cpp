// xrayprep: the desktop application (SPEC §6).
#include <CLI/CLI.hpp>
#include <QApplication>
#include <QIcon>
#include <QSize>
#include <QTimer>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/common/BuildInfo.h"
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

// The application's own options, parsed by CLI11 after QApplication took Qt's (-platform,
// -style, ...) out of the arguments. Returns the exit code to end with, or nullopt to go on.
std::optional<int> parseOptions(Options& options) {
    CLI::App cli("xrayprep: prepares DICOM foot radiographs for 3D bone-mesh generation",
                 "xrayprep");
    cli.set_version_flag("--version", xrayprep::app::versionText("xrayprep"));
    std::string file, sample, backend, screenshots, prefix = "main", size;
    cli.add_option("FILE", file, "DICOM file to open")->type_name("FILE.dcm");
    cli.add_option("--sample", sample, "open the built-in sample")
        ->check(CLI::IsMember({"planar", "lateral"}));
    cli.add_option("--backend", backend, "compute backend")
        ->check(CLI::IsMember({"serial", "openmp", "cuda"}));
    cli.add_option("--threads", options.threads, "threads of the openmp backend (0: all cores)")
        ->check(CLI::Range(0, 1024));
    cli.add_option("--screenshots", screenshots,
                   "show each stage once after the first run, save the window as PNGs in this "
                   "folder, then quit")
        ->type_name("FOLDER");
    cli.add_option("--screenshot-prefix", prefix, "file name prefix of the screenshots");
    cli.add_option("--size", size, "window size, e.g. 1920x1080")
        ->type_name("WxH")
        ->check(
            [](const std::string& text) {
                const QStringList wh = QString::fromStdString(text).split(QLatin1Char('x'));
                const bool ok = wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0;
                return ok ? std::string() : "expects WxH, e.g. 1280x800, got '" + text + "'";
            },
            "");
    // QApplication left only what it does not know; CLI11 reads those.
    std::vector<std::string> arguments;
    for (const QString& a : QApplication::arguments()) arguments.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& a : arguments) argv.push_back(a.data());
    try {
        cli.parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "xrayprep: %s\nRun 'xrayprep --help' for the options.\n", e.what());
        return 2;
    }
    options.file = QString::fromStdString(file);
    options.sample = QString::fromStdString(sample);
    options.backend = QString::fromStdString(backend);
    options.screenshots = QString::fromStdString(screenshots);
    options.prefix = QString::fromStdString(prefix);
    if (!size.empty()) {
        const QStringList wh = QString::fromStdString(size).split(QLatin1Char('x'));
        options.size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    return std::nullopt;
}

// resources/xrayprep.qrc: the icon at the sizes window managers ask for.
QIcon applicationIcon() {
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256}) {
        icon.addFile(QStringLiteral(":/icons/xrayprep-%1.png").arg(size), QSize(size, size));
    }
    return icon;
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
    // The desktop file's name: Wayland compositors match the window to its entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("xrayprep"));
    QApplication::setWindowIcon(applicationIcon());

    Options options;
    if (const auto exitCode = parseOptions(options)) return *exitCode;

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
