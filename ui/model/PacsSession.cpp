#include "ui/model/PacsSession.h"

#include <QDir>
#include <QPromise>
#include <QStandardPaths>
#include <QtConcurrent>
#include <algorithm>
#include <exception>
#include <filesystem>

#include "pacs/PacsClient.h"
#include "pacs/PacsError.h"

namespace xrayprep::ui {

namespace {

// Runs `body` and turns any exception into the outcome's error text.
template <typename Body>
PacsOutcome guarded(Body&& body) {
    PacsOutcome outcome;
    try {
        body(outcome);
    } catch (const pacs::PacsError& e) {
        outcome.cancelled = e.kind() == pacs::PacsError::Kind::Cancelled;
        outcome.error = QString::fromStdString(e.what());
    } catch (const std::exception& e) {
        outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
}

}  // namespace

PacsSession::PacsSession(QObject* parent) : QObject(parent) {
    connect(&watcher_, &QFutureWatcher<PacsOutcome>::finished, this, &PacsSession::finished);
    connect(&watcher_, &QFutureWatcher<PacsOutcome>::progressTextChanged, this, [this] {
        emit retrieveProgress(watcher_.progressValue(), watcher_.progressMaximum(),
                              watcher_.progressText());
    });
}

// No wait: the workers hold copies of what they need (node, request, cancel flag), so the
// GUI thread never blocks on a network timeout when a dialog closes mid-operation.
PacsSession::~PacsSession() { cancel(); }

QString PacsSession::defaultCacheFolder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("pacs"));
}

bool PacsSession::echo(const pacs::PacsNode& node) {
    if (busy()) return false;
    operation_ = Operation::Echo;
    busy_ = true;
    watcher_.setFuture(QtConcurrent::run([node] {
        return guarded([&](PacsOutcome&) {
            node.validate();
            pacs::PacsClient(node).echo();
        });
    }));
    return true;
}

bool PacsSession::search(const pacs::PacsNode& node, const pacs::PacsQuery& query) {
    if (busy()) return false;
    operation_ = Operation::Search;
    busy_ = true;
    watcher_.setFuture(QtConcurrent::run([node, query] {
        return guarded([&](PacsOutcome& outcome) {
            node.validate();
            query.validate();
            outcome.matches = pacs::PacsClient(node).find(query);
        });
    }));
    return true;
}

bool PacsSession::retrieve(const pacs::PacsNode& node, const QString& studyUid,
                           const QString& cache) {
    if (busy()) return false;
    operation_ = Operation::Retrieve;
    busy_ = true;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    const std::shared_ptr<std::atomic<bool>> flag = cancel_;
    const pacs::RetrieveRequest request{studyUid.toStdString(), {}};
    const std::filesystem::path folder = cache.toStdString();
    // Progress through the promise: the watcher relays it, and nothing here refers to the
    // session, which may go before the worker ends.
    watcher_.setFuture(
        QtConcurrent::run([node, request, folder, flag](QPromise<PacsOutcome>& promise) {
            promise.addResult(guarded([&](PacsOutcome& outcome) {
                node.validate();
                const auto progress = [&promise](const pacs::RetrieveProgress& p) {
                    const int done = p.received + p.failed;
                    promise.setProgressRange(0, std::max(1, done + p.remaining));
                    promise.setProgressValueAndText(
                        done,
                        QObject::tr("%1 received, %2 remaining").arg(p.received).arg(p.remaining));
                };
                for (const auto& file :
                     pacs::PacsClient(node).get(request, folder, progress, flag.get())) {
                    outcome.files.append(QString::fromStdString(file.string()));
                }
            }));
        }));
    return true;
}

bool PacsSession::store(const pacs::PacsNode& node, const QStringList& files) {
    if (busy()) return false;
    operation_ = Operation::Store;
    busy_ = true;
    std::vector<std::filesystem::path> paths;
    for (const QString& f : files) paths.emplace_back(f.toStdString());
    watcher_.setFuture(QtConcurrent::run([node, paths] {
        return guarded([&](PacsOutcome& outcome) {
            node.validate();
            for (const auto& o : pacs::PacsClient(node).store(paths)) {
                const QString name = QString::fromStdString(o.file.filename().string());
                if (o.ok) {
                    outcome.files.append(QObject::tr("%1: stored").arg(name));
                } else {
                    ++outcome.failedFiles;
                    outcome.files.append(QObject::tr("%1: not stored (status 0x%2) %3")
                                             .arg(name)
                                             .arg(o.status, 4, 16, QLatin1Char('0'))
                                             .arg(QString::fromStdString(o.message)));
                }
            }
        });
    }));
    return true;
}

void PacsSession::cancel() {
    if (cancel_) cancel_->store(true);
}

void PacsSession::finished() {
    busy_ = false;
    const PacsOutcome outcome = watcher_.result();
    switch (operation_) {
        case Operation::Echo:
            emit echoFinished(outcome.error);
            break;
        case Operation::Search:
            emit searchFinished(outcome);
            break;
        case Operation::Retrieve:
            emit retrieveFinished(outcome);
            break;
        case Operation::Store:
            emit storeFinished(outcome);
            break;
    }
}

}  // namespace xrayprep::ui
