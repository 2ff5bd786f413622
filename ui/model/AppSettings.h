#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "pacs/PacsNode.h"
#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::ui {

// The application's persistent settings, typed. Defaults apply to keys never written.
class AppSettings {
  public:
    static constexpr int kMaxRecentFiles = 10;

    AppSettings();                                 // the platform's settings for the application
    explicit AppSettings(const QString& iniPath);  // an INI file (tests, portable installs)

    // Most recent first, no duplicates, at most kMaxRecentFiles; files that no longer exist
    // are dropped when read.
    [[nodiscard]] QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    void clearRecentFiles();

    [[nodiscard]] processing::BackendKind backendKind() const;  // default openmp
    void setBackendKind(processing::BackendKind kind);
    [[nodiscard]] int openmpThreads() const;  // 0 (default): all cores
    void setOpenmpThreads(int threads);

    [[nodiscard]] bool showPatientData() const;  // default false
    void setShowPatientData(bool show);

    [[nodiscard]] QByteArray mainWindowGeometry() const;
    void setMainWindowGeometry(const QByteArray& geometry);
    [[nodiscard]] QByteArray mainWindowState() const;
    void setMainWindowState(const QByteArray& state);

    [[nodiscard]] QString lastOpenDirectory() const;  // empty: none yet
    void setLastOpenDirectory(const QString& dir);
    [[nodiscard]] QString lastExportDirectory() const;
    void setLastExportDirectory(const QString& dir);

    // File > Export's choice: output names as `run --export` spells them; default a useful set.
    [[nodiscard]] QStringList exportItems() const;
    void setExportItems(const QStringList& names);
    [[nodiscard]] bool exportAnonymize() const;  // default false
    void setExportAnonymize(bool on);

    [[nodiscard]] int debounceMilliseconds() const;  // default 40, within 0..2000
    void setDebounceMilliseconds(int ms);

    [[nodiscard]] QString windowLevelPreset() const;  // the last choice; empty: none
    void setWindowLevelPreset(const QString& name);

    // The PACS node of File > Open from PACS and Send to PACS (AE titles, host, port); nullopt
    // until one was saved.
    [[nodiscard]] std::optional<pacs::PacsNode> pacsNode() const;
    void setPacsNode(const pacs::PacsNode& node);

    void sync();

  private:
    void writeRecentFiles(const QStringList& files) const;
    std::unique_ptr<QSettings> settings_;
};

}  // namespace xrayprep::ui
