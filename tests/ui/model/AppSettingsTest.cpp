// AppSettings against an INI file in a temporary folder.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "ui/model/AppSettings.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

class AppSettingsTest : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(dir.isValid()); }
    QString ini() const { return dir.filePath(QStringLiteral("settings.ini")); }
    QString touch(const QString& name) const {
        const QString path = dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        return path;
    }
    QTemporaryDir dir;
};

TEST_F(AppSettingsTest, DefaultsForAFreshFile) {
    const AppSettings s(ini());
    EXPECT_TRUE(s.recentFiles().isEmpty());
    EXPECT_EQ(s.backendKind(), BackendKind::OpenMP);
    EXPECT_EQ(s.openmpThreads(), 0);
    EXPECT_FALSE(s.showPatientData());
    EXPECT_TRUE(s.mainWindowGeometry().isEmpty());
    EXPECT_TRUE(s.mainWindowState().isEmpty());
    EXPECT_TRUE(s.lastOpenDirectory().isEmpty());
    EXPECT_TRUE(s.lastExportDirectory().isEmpty());
    EXPECT_EQ(s.debounceMilliseconds(), 40);
    EXPECT_TRUE(s.windowLevelPreset().isEmpty());
}

TEST_F(AppSettingsTest, RecentFilesAreMostRecentFirstUniqueAndAtMostTen) {
    AppSettings s(ini());
    QStringList files;
    for (int i = 0; i < 12; ++i) files.append(touch(QStringLiteral("f%1.dcm").arg(i)));
    for (const QString& f : files) s.addRecentFile(f);
    QStringList expected;
    for (int i = 11; i >= 2; --i) expected.append(files[i]);
    EXPECT_EQ(s.recentFiles(), expected);

    s.addRecentFile(files[5]);  // again: moves to the front, no duplicate
    const QStringList now = s.recentFiles();
    ASSERT_EQ(now.size(), 10);
    EXPECT_EQ(now.front(), files[5]);
    EXPECT_EQ(now.count(files[5]), 1);

    s.removeRecentFile(files[5]);
    EXPECT_FALSE(s.recentFiles().contains(files[5]));
    s.clearRecentFiles();
    EXPECT_TRUE(s.recentFiles().isEmpty());
}

TEST_F(AppSettingsTest, MissingRecentFilesArePrunedOnRead) {
    AppSettings s(ini());
    const QString kept = touch(QStringLiteral("kept.dcm"));
    const QString gone = touch(QStringLiteral("gone.dcm"));
    s.addRecentFile(kept);
    s.addRecentFile(gone);
    ASSERT_EQ(s.recentFiles().size(), 2);
    ASSERT_TRUE(QFile::remove(gone));
    EXPECT_EQ(s.recentFiles(), QStringList{kept});
    s.sync();
    EXPECT_EQ(AppSettings(ini()).recentFiles(), QStringList{kept});
}

TEST_F(AppSettingsTest, ValuesPersistAcrossInstances) {
    const QByteArray geometry("\x01\x02\x00\xff geometry", 14);
    const QByteArray state("state\x00\x7f", 7);
    {
        AppSettings s(ini());
        s.setBackendKind(BackendKind::Serial);
        s.setOpenmpThreads(3);
        s.setShowPatientData(true);
        s.setMainWindowGeometry(geometry);
        s.setMainWindowState(state);
        s.setLastOpenDirectory(dir.path());
        s.setLastExportDirectory(QStringLiteral("/tmp/exports"));
        s.setDebounceMilliseconds(75);
        s.setWindowLevelPreset(QStringLiteral("Bone"));
        s.sync();
    }
    const AppSettings s(ini());
    EXPECT_EQ(s.backendKind(), BackendKind::Serial);
    EXPECT_EQ(s.openmpThreads(), 3);
    EXPECT_TRUE(s.showPatientData());
    EXPECT_EQ(s.mainWindowGeometry(), geometry);
    EXPECT_EQ(s.mainWindowState(), state);
    EXPECT_EQ(s.lastOpenDirectory(), dir.path());
    EXPECT_EQ(s.lastExportDirectory(), QStringLiteral("/tmp/exports"));
    EXPECT_EQ(s.debounceMilliseconds(), 75);
    EXPECT_EQ(s.windowLevelPreset(), QStringLiteral("Bone"));
}

TEST_F(AppSettingsTest, OutOfRangeValuesAreClamped) {
    AppSettings s(ini());
    s.setDebounceMilliseconds(-5);
    EXPECT_EQ(s.debounceMilliseconds(), 0);
    s.setDebounceMilliseconds(100000);
    EXPECT_EQ(s.debounceMilliseconds(), 2000);
    s.setOpenmpThreads(-2);
    EXPECT_EQ(s.openmpThreads(), 0);
    s.setBackendKind(BackendKind::Cuda);
    EXPECT_EQ(s.backendKind(), BackendKind::Cuda);
}

}  // namespace
}  // namespace xrayprep::ui::test
