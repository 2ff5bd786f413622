// File > Open from PACS and Send to PACS against a private Orthanc (tests/pacs/OrthancServer;
// skipped only when /usr/sbin/Orthanc is absent): search, the study in the table, retrieve,
// the image open in the window; a wrong port's error in the dialog; the results stored back.
// With XRAYPREP_SCREENSHOT_DIR set, the dialog with its query result is saved as
// pacs-dialog.png there (the README's picture).
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>

#include <filesystem>
#include <functional>

#include "processing/util/Json.h"
#include "tests/pacs/OrthancCorpus.h"
#include "tests/ui/window/WindowTestSupport.h"
#include "ui/window/PacsDialog.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::ui::test {
namespace {

using test_support::OrthancServer;

// Runs the event loop until `done` holds or the time is up; true when it holds.
bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) return false;
        QTest::qWait(20);
    }
    return true;
}

// A loopback port nobody listens on (bound, then released).
int closedPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

int instanceCount(const OrthancServer& server) {
    return processing::parseJson(test_support::restGet(server, "/statistics"))
        .value("CountInstances", 0);
}

class PacsDialogTest : public WindowFixture {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(test_support::kOrthancPath)) return;
        server_ = std::make_unique<OrthancServer>();
        server_->start();
        files_ = std::make_unique<test_support::TempDir>("xrayprep-pacs-ui");
        for (const auto& f : test_support::corpusOrGenerated(files_->path()))
            uploaded_.push_back(test_support::uploadThroughRest(*server_, f));
    }
    static void TearDownTestSuite() {
        uploaded_.clear();
        server_.reset();
        files_.reset();
    }
    void SetUp() override {
        if (!server_)
            GTEST_SKIP() << test_support::kOrthancPath << " is absent (Debian package orthanc)";
        WindowFixture::SetUp();
    }

    // The dialog of File > Open from PACS, its node filled in for the private Orthanc.
    PacsDialog* openDialog(int port) {
        window->findChild<WindowActions*>()->openFromPacs->trigger();
        auto* dialog = window->findChild<PacsDialog*>();
        EXPECT_NE(dialog, nullptr);
        if (dialog == nullptr) return nullptr;
        dialog->findChild<QLineEdit*>(QStringLiteral("pacsCallingAe"))
            ->setText(QString::fromLatin1(OrthancServer::kOurAe));
        dialog->findChild<QLineEdit*>(QStringLiteral("pacsCalledAe"))
            ->setText(QString::fromLatin1(OrthancServer::kAet));
        dialog->findChild<QLineEdit*>(QStringLiteral("pacsHost"))
            ->setText(QStringLiteral("127.0.0.1"));
        dialog->findChild<QSpinBox*>(QStringLiteral("pacsPort"))->setValue(port);
        dialog->setCacheFolder(QString::fromStdString((dir.path() / "cache").string()));
        return dialog;
    }

    static void click(PacsDialog* dialog, const char* name) {
        auto* button = dialog->findChild<QPushButton*>(QString::fromLatin1(name));
        ASSERT_NE(button, nullptr) << name;
        ASSERT_TRUE(button->isEnabled()) << name;
        QTest::mouseClick(button, Qt::LeftButton);
    }

    static std::unique_ptr<OrthancServer> server_;
    static std::unique_ptr<test_support::TempDir> files_;
    static std::vector<test_support::UploadedInstance> uploaded_;
};

std::unique_ptr<OrthancServer> PacsDialogTest::server_;
std::unique_ptr<test_support::TempDir> PacsDialogTest::files_;
std::vector<test_support::UploadedInstance> PacsDialogTest::uploaded_;

TEST_F(PacsDialogTest, SearchShowsTheStudyAndRetrieveOpensItsImage) {
    const auto& first = uploaded_.front();
    PacsDialog* dialog = openDialog(server_->dicomPort());
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(dialog->isVisible());
    dialog->findChild<QLineEdit*>(QStringLiteral("pacsPatientId"))
        ->setText(QString::fromStdString(first.patientId));
    click(dialog, "pacsSearch");
    auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("pacsResults"));
    ASSERT_TRUE(waitUntil([&] { return table->rowCount() > 0; }, 30000))
        << dialog->statusText().toStdString();
    ASSERT_EQ(table->rowCount(), 1);
    EXPECT_EQ(table->item(0, 1)->text().toStdString(), first.patientId);
    // The node entered is kept for the next time.
    const auto saved = settings->pacsNode();
    ASSERT_TRUE(saved.has_value());
    EXPECT_EQ(saved->port, server_->dicomPort());
    EXPECT_EQ(saved->calledAe, OrthancServer::kAet);

    if (const QByteArray shots = qgetenv("XRAYPREP_SCREENSHOT_DIR"); !shots.isEmpty()) {
        QTest::qWait(100);  // the table's layout settles
        EXPECT_TRUE(dialog->grab().save(QString::fromLocal8Bit(shots) +
                                        QStringLiteral("/pacs-dialog.png")));
    }

    QSignalSpy loaded(model.get(), &PipelineModel::inputLoaded);
    table->selectRow(0);
    click(dialog, "pacsRetrieve");
    ASSERT_TRUE(waitForCount(loaded, 1, 60000)) << dialog->statusText().toStdString();
    const std::filesystem::path opened = model->inputPath().toStdString();
    EXPECT_EQ(opened.extension(), ".dcm");
    EXPECT_TRUE(std::filesystem::exists(opened));
    // One of the study's instances, in the cache as <study>/<series>/<SOP instance>.dcm.
    bool ofTheStudy = false;
    for (const auto& u : uploaded_) {
        if (u.studyUid == first.studyUid && opened.stem() == u.sopUid) ofTheStudy = true;
    }
    EXPECT_TRUE(ofTheStudy) << opened;
    EXPECT_EQ(opened.parent_path().parent_path().filename(), first.studyUid);
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(QStringLiteral("retrieved")))
        << window->statusBar()->currentMessage().toStdString();
}

TEST_F(PacsDialogTest, AWrongPortShowsTheErrorInTheDialog) {
    const int port = closedPort();
    PacsDialog* dialog = openDialog(port);
    ASSERT_NE(dialog, nullptr);
    click(dialog, "pacsSearch");
    auto* status = dialog->findChild<QLabel*>(QStringLiteral("pacsStatus"));
    auto* search = dialog->findChild<QPushButton*>(QStringLiteral("pacsSearch"));
    // The connect timeout bounds it (10 s by default); a refused connection answers at once.
    ASSERT_TRUE(waitUntil([&] { return search->isEnabled(); }, 20000));
    EXPECT_TRUE(status->text().contains(QString::number(port))) << status->text().toStdString();
    EXPECT_EQ(dialog->findChild<QTableWidget*>(QStringLiteral("pacsResults"))->rowCount(), 0);
    // Test Connection says the same.
    click(dialog, "pacsEcho");
    ASSERT_TRUE(waitUntil([&] { return search->isEnabled(); }, 20000));
    EXPECT_TRUE(status->text().contains(QString::number(port))) << status->text().toStdString();
}

TEST_F(PacsDialogTest, ClosingDuringASearchDoesNotWaitForTheNetwork) {
    // A peer that takes the connection (the listen backlog) and never answers.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(fd, 4), 0);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    PacsDialog* dialog = openDialog(ntohs(address.sin_port));
    ASSERT_NE(dialog, nullptr);
    click(dialog, "pacsSearch");
    EXPECT_FALSE(dialog->findChild<QPushButton*>(QStringLiteral("pacsSearch"))->isEnabled());
    QElapsedTimer clock;
    clock.start();
    dialog->close();
    EXPECT_TRUE(waitUntil([&] { return window->findChild<PacsDialog*>() == nullptr; }, 2000));
    EXPECT_LT(clock.elapsed(), 2000);  // the connect timeout is 10 s: it was not waited for
    ::close(fd);                       // the worker's association ends
}

TEST_F(PacsDialogTest, SendToPacsStoresTheDerivedImageAndTheSegmentation) {
    auto* actions = window->findChild<WindowActions*>();
    EXPECT_FALSE(actions->sendToPacs->isEnabled());  // nothing to send yet
    pacs::PacsNode node;
    node.calledAe = OrthancServer::kAet;
    node.callingAe = OrthancServer::kOurAe;
    node.host = "127.0.0.1";
    node.port = server_->dicomPort();
    settings->setPacsNode(node);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    window->openPath(QString::fromStdString(uploaded_.front().file.string()));
    ASSERT_TRUE(waitForCount(finished, 1));
    ASSERT_TRUE(actions->sendToPacs->isEnabled());
    const int before = instanceCount(*server_);
    actions->sendToPacs->trigger();
    ASSERT_TRUE(waitUntil([&] { return actions->sendToPacs->isEnabled(); }, 60000));
    const QString message = window->statusBar()->currentMessage();
    EXPECT_TRUE(message.startsWith(QStringLiteral("Sent to PACS"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("final.dcm"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("seg.dcm"))) << message.toStdString();
    EXPECT_EQ(instanceCount(*server_), before + 2);
}

}  // namespace
}  // namespace xrayprep::ui::test
