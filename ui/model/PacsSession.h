#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <vector>

#include "pacs/PacsMatch.h"
#include "pacs/PacsNode.h"
#include "pacs/PacsQuery.h"

namespace xrayprep::ui {

// What one PACS operation came to (the worker's answer).
struct PacsOutcome {
    QString error;  // non-empty: the operation failed (PacsError's text)
    bool cancelled = false;
    std::vector<pacs::PacsMatch> matches;  // search
    QStringList files;                     // retrieve: the files written; store: one line each
    int failedFiles = 0;                   // store: files the peer did not accept
};

// The application's side of the DICOM network client: echo, study search, retrieve (C-GET)
// and store, each on a QtConcurrent worker; the GUI thread never waits on the network. One
// operation at a time (busy() until its ...Finished signal). Errors arrive as text, never as
// exceptions.
class PacsSession : public QObject {
    Q_OBJECT

  public:
    explicit PacsSession(QObject* parent = nullptr);
    ~PacsSession() override;  // cancels a running retrieve; never waits for the worker

    [[nodiscard]] bool busy() const { return busy_; }

    // False (nothing started) while busy.
    bool echo(const pacs::PacsNode& node);
    bool search(const pacs::PacsNode& node, const pacs::PacsQuery& query);
    bool retrieve(const pacs::PacsNode& node, const QString& studyUid, const QString& cache);
    bool store(const pacs::PacsNode& node, const QStringList& files);
    void cancel();  // a running retrieve stops at its next instance

    // The cache the retrieves of the application go to: <CacheLocation>/pacs.
    [[nodiscard]] static QString defaultCacheFolder();

  signals:
    void echoFinished(const QString& error);
    void searchFinished(const xrayprep::ui::PacsOutcome& outcome);
    void retrieveProgress(int done, int total, const QString& text);  // instances
    void retrieveFinished(const xrayprep::ui::PacsOutcome& outcome);
    void storeFinished(const xrayprep::ui::PacsOutcome& outcome);

  private:
    enum class Operation { Echo, Search, Retrieve, Store };
    void finished();

    QFutureWatcher<PacsOutcome> watcher_;
    Operation operation_ = Operation::Echo;
    bool busy_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace xrayprep::ui
