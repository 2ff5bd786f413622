#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;

namespace xrayprep::ui {

// What the window shows before an image is open: open a file, the built-in sample (the usual
// first step of a new user), recent files, and a hint that files can be dropped anywhere.
class StartScreen : public QWidget {
    Q_OBJECT

  public:
    explicit StartScreen(QWidget* parent = nullptr);
    void setRecentFiles(const QStringList& paths);

  signals:
    void openFileRequested();
    void sampleRequested(bool lateral);
    void recentFileRequested(const QString& path);

  private:
    QListWidget* recent_ = nullptr;
};

}  // namespace xrayprep::ui
