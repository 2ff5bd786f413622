// `xrayprep-cli pacs ...` as a child process against a real Orthanc (skipped only when
// /usr/sbin/Orthanc is absent); expected values from Orthanc's REST API.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>

#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/pacs/LoopbackHttp.h"
#include "tests/pacs/OrthancCorpus.h"
#include "tests/support/TempDir.h"

namespace xrayprep::test_support {
namespace {

class PacsCliTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(kOrthancPath)) return;
        server_ = std::make_unique<OrthancServer>();
        server_->start();
        workDir_ = std::make_unique<TempDir>("xrayprep-pacs-cli");
        uploaded_ = uploadThroughRest(*server_, corpusOrGenerated(workDir_->path()).front());
    }
    static void TearDownTestSuite() {
        server_.reset();
        workDir_.reset();
    }
    void SetUp() override {
        if (!server_) GTEST_SKIP() << kOrthancPath << " is absent (Debian package orthanc)";
    }

    static std::vector<std::string> pacs(const std::string& command,
                                         std::vector<std::string> extra) {
        std::vector<std::string> args = {"pacs",         command,
                                         "--host",       "127.0.0.1",
                                         "--port",       std::to_string(server_->dicomPort()),
                                         "--called-aet", OrthancServer::kAet,
                                         "--timeout",    "5"};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }

    static inline std::unique_ptr<OrthancServer> server_;
    static inline std::unique_ptr<TempDir> workDir_;
    static inline UploadedInstance uploaded_;
};

TEST_F(PacsCliTest, Echo) {
    const CliResult r = runCliProcess(pacs("echo", {}));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("echo ok: AE 'ORTHANC' at 127.0.0.1:"), std::string::npos) << r.output;
}

TEST_F(PacsCliTest, FindJson) {
    const CliResult r =
        runCliProcess(pacs("find", {"--patient-id", uploaded_.patientId, "--json"}));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const processing::Json matches = processing::parseJson(r.output);
    ASSERT_EQ(matches.size(), 1u) << r.output;
    EXPECT_EQ(matches[0].value("studyInstanceUid", ""), uploaded_.studyUid);
    EXPECT_EQ(matches[0].value("patientId", ""), uploaded_.patientId);
    EXPECT_EQ(matches[0].value("level", ""), "study");
}

TEST_F(PacsCliTest, GetThenStoreBack) {
    TempDir cache("xrayprep-pacs-cli-cache");
    const CliResult got =
        runCliProcess(pacs("get", {"--study-uid", uploaded_.studyUid, "--cache", cache.path()}));
    ASSERT_EQ(got.exitCode, 0) << got.output;
    const auto file =
        cache.path() / uploaded_.studyUid / uploaded_.seriesUid / (uploaded_.sopUid + ".dcm");
    EXPECT_TRUE(std::filesystem::is_regular_file(file)) << got.output;
    EXPECT_NE(got.output.find("retrieved 1 instance(s)"), std::string::npos) << got.output;

    const auto generated = workDir_->path() / "cli-store.dcm";
    writeGeneratedDicom(generated);
    const CliResult stored = runCliProcess(pacs("store", {generated.string(), file.string()}));
    EXPECT_EQ(stored.exitCode, 0) << stored.output;
    EXPECT_NE(stored.output.find("stored " + generated.string() + ": stored"), std::string::npos)
        << stored.output;
}

TEST_F(PacsCliTest, Move) {
    TempDir cache("xrayprep-pacs-cli-cache");
    const CliResult r =
        runCliProcess(pacs("move", {"--study-uid", uploaded_.studyUid, "--cache", cache.path(),
                                    "--listen-port", std::to_string(server_->ourPort())}));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(std::filesystem::is_regular_file(cache.path() / uploaded_.studyUid /
                                                 uploaded_.seriesUid / (uploaded_.sopUid + ".dcm")))
        << r.output;
}

TEST_F(PacsCliTest, StoreOfANonDicomFileFails) {
    const auto bad = workDir_->path() / "not-dicom.dcm";
    std::ofstream(bad) << "hello";
    const CliResult r = runCliProcess(pacs("store", {bad.string()}));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("xrayprep-cli pacs: 1 of 1 file(s) not stored"), std::string::npos)
        << r.output;
}

TEST_F(PacsCliTest, NetworkErrorsAreOneLineWithExitCode1) {
    std::vector<std::string> args = pacs("echo", {});
    args[5] = std::to_string(freeLoopbackPort());
    const CliResult refused = runCliProcess(args);
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_EQ(refused.output,
              "xrayprep-cli pacs: cannot reach 127.0.0.1:" + args[5] + ": connection refused\n");
    const CliResult rejected = runCliProcess(pacs("echo", {"--called-aet", "WRONG"}));
    EXPECT_EQ(rejected.exitCode, 1);
    EXPECT_EQ(rejected.output,
              "xrayprep-cli pacs: association rejected by AE 'WRONG' at 127.0.0.1:" +
                  std::to_string(server_->dicomPort()) + ": called AE title not recognized\n");
}

TEST(PacsCliUsageTest, UsageErrorsExitWith2) {
    EXPECT_EQ(runCliProcess({"pacs"}).exitCode, 2);
    EXPECT_EQ(runCliProcess({"pacs", "echo", "--port", "104"}).exitCode, 2);  // no --host
    EXPECT_EQ(runCliProcess({"pacs", "echo", "--host", "h", "--port", "70000"}).exitCode, 2);
    const CliResult date = runCliProcess(
        {"pacs", "find", "--host", "127.0.0.1", "--port", "104", "--date", "2024-01-01"});
    EXPECT_EQ(date.exitCode, 2) << date.output;
    EXPECT_NE(date.output.find("study date '2024-01-01'"), std::string::npos) << date.output;
    const CliResult uid = runCliProcess({"pacs", "get", "--host", "127.0.0.1", "--port", "104",
                                         "--study-uid", "../x", "--cache", "/tmp"});
    EXPECT_EQ(uid.exitCode, 2) << uid.output;
    EXPECT_EQ(runCliProcess({"pacs", "store", "--host", "127.0.0.1", "--port", "104"}).exitCode, 2);
}

}  // namespace
}  // namespace xrayprep::test_support
