#include "ui/model/AppSettings.h"

#include <QFileInfo>
#include <algorithm>
#include <string>

#include "gpu/BackendFactory.h"

namespace xrayprep::ui {

namespace {
const QString kRecentFiles = QStringLiteral("files/recent");
const QString kBackend = QStringLiteral("backend/kind");
const QString kOpenmpThreads = QStringLiteral("backend/openmpThreads");
const QString kShowPatientData = QStringLiteral("privacy/showPatientData");
const QString kGeometry = QStringLiteral("mainWindow/geometry");
const QString kState = QStringLiteral("mainWindow/state");
const QString kOpenDir = QStringLiteral("files/lastOpenDirectory");
const QString kExportDir = QStringLiteral("files/lastExportDirectory");
const QString kDebounce = QStringLiteral("pipeline/debounceMs");
const QString kExportItems = QStringLiteral("export/items");
const QString kExportAnonymize = QStringLiteral("export/anonymize");
const QString kWindowLevel = QStringLiteral("view/windowLevelPreset");
const QString kPacsCallingAe = QStringLiteral("pacs/callingAe");
const QString kPacsCalledAe = QStringLiteral("pacs/calledAe");
const QString kPacsHost = QStringLiteral("pacs/host");
const QString kPacsPort = QStringLiteral("pacs/port");
constexpr int kDefaultDebounceMs = 40;
constexpr int kMaxDebounceMs = 2000;
}  // namespace

AppSettings::AppSettings() : settings_(std::make_unique<QSettings>()) {}

AppSettings::AppSettings(const QString& iniPath)
    : settings_(std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {}

QStringList AppSettings::recentFiles() const {
    const QStringList stored = settings_->value(kRecentFiles).toStringList();
    QStringList files;
    for (const QString& f : stored) {
        if (!f.isEmpty() && QFileInfo::exists(f) && !files.contains(f)) files.append(f);
        if (files.size() == kMaxRecentFiles) break;
    }
    if (files != stored) writeRecentFiles(files);
    return files;
}

void AppSettings::addRecentFile(const QString& path) {
    if (path.isEmpty()) return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = settings_->value(kRecentFiles).toStringList();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    writeRecentFiles(files);
}

void AppSettings::removeRecentFile(const QString& path) {
    QStringList files = settings_->value(kRecentFiles).toStringList();
    files.removeAll(path);
    files.removeAll(QFileInfo(path).absoluteFilePath());
    writeRecentFiles(files);
}

void AppSettings::clearRecentFiles() { writeRecentFiles({}); }

void AppSettings::writeRecentFiles(const QStringList& files) const {
    settings_->setValue(kRecentFiles, files);
}

processing::BackendKind AppSettings::backendKind() const {
    const std::string name =
        settings_->value(kBackend, QStringLiteral("openmp")).toString().toStdString();
    return gpu::backendFromString(name).value_or(processing::BackendKind::OpenMP);
}

void AppSettings::setBackendKind(processing::BackendKind kind) {
    settings_->setValue(kBackend, QString::fromUtf8(processing::toString(kind)));
}

int AppSettings::openmpThreads() const {
    return std::max(0, settings_->value(kOpenmpThreads, 0).toInt());
}

void AppSettings::setOpenmpThreads(int threads) {
    settings_->setValue(kOpenmpThreads, std::max(0, threads));
}

bool AppSettings::showPatientData() const {
    return settings_->value(kShowPatientData, false).toBool();
}

void AppSettings::setShowPatientData(bool show) { settings_->setValue(kShowPatientData, show); }

QByteArray AppSettings::mainWindowGeometry() const {
    return settings_->value(kGeometry).toByteArray();
}

void AppSettings::setMainWindowGeometry(const QByteArray& geometry) {
    settings_->setValue(kGeometry, geometry);
}

QByteArray AppSettings::mainWindowState() const { return settings_->value(kState).toByteArray(); }

void AppSettings::setMainWindowState(const QByteArray& state) {
    settings_->setValue(kState, state);
}

QString AppSettings::lastOpenDirectory() const { return settings_->value(kOpenDir).toString(); }

void AppSettings::setLastOpenDirectory(const QString& dir) { settings_->setValue(kOpenDir, dir); }

QString AppSettings::lastExportDirectory() const { return settings_->value(kExportDir).toString(); }

void AppSettings::setLastExportDirectory(const QString& dir) {
    settings_->setValue(kExportDir, dir);
}

QStringList AppSettings::exportItems() const {
    static const QStringList defaults = {
        QStringLiteral("final.png"), QStringLiteral("mask.png"),     QStringLiteral("mask.mha"),
        QStringLiteral("esf.mha"),   QStringLiteral("contours.csv"), QStringLiteral("mesh.stl"),
        QStringLiteral("sheet.png"), QStringLiteral("report.json")};
    return settings_->value(kExportItems, defaults).toStringList();
}

void AppSettings::setExportItems(const QStringList& names) {
    settings_->setValue(kExportItems, names);
}

bool AppSettings::exportAnonymize() const {
    return settings_->value(kExportAnonymize, false).toBool();
}

void AppSettings::setExportAnonymize(bool on) { settings_->setValue(kExportAnonymize, on); }

int AppSettings::debounceMilliseconds() const {
    bool ok = false;
    const int ms = settings_->value(kDebounce, kDefaultDebounceMs).toInt(&ok);
    return ok ? std::clamp(ms, 0, kMaxDebounceMs) : kDefaultDebounceMs;
}

void AppSettings::setDebounceMilliseconds(int ms) {
    settings_->setValue(kDebounce, std::clamp(ms, 0, kMaxDebounceMs));
}

QString AppSettings::windowLevelPreset() const { return settings_->value(kWindowLevel).toString(); }

void AppSettings::setWindowLevelPreset(const QString& name) {
    settings_->setValue(kWindowLevel, name);
}

std::optional<pacs::PacsNode> AppSettings::pacsNode() const {
    if (!settings_->contains(kPacsHost)) return std::nullopt;
    pacs::PacsNode node;
    node.callingAe = settings_->value(kPacsCallingAe, QString::fromStdString(node.callingAe))
                         .toString()
                         .toStdString();
    node.calledAe = settings_->value(kPacsCalledAe, QString::fromStdString(node.calledAe))
                        .toString()
                        .toStdString();
    node.host = settings_->value(kPacsHost).toString().toStdString();
    node.port = settings_->value(kPacsPort, node.port).toInt();
    return node;
}

void AppSettings::setPacsNode(const pacs::PacsNode& node) {
    settings_->setValue(kPacsCallingAe, QString::fromStdString(node.callingAe));
    settings_->setValue(kPacsCalledAe, QString::fromStdString(node.calledAe));
    settings_->setValue(kPacsHost, QString::fromStdString(node.host));
    settings_->setValue(kPacsPort, node.port);
}

void AppSettings::sync() { settings_->sync(); }

}  // namespace xrayprep::ui
