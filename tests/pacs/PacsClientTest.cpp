// The pacs module's client against a real Orthanc (started per test suite, skipped only when
// /usr/sbin/Orthanc is absent). Expected values come from Orthanc's REST API, not from our code.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <set>

#include "pacs/PacsClient.h"
#include "pacs/PacsError.h"
#include "processing/util/Json.h"
#include "tests/pacs/LoopbackHttp.h"
#include "tests/pacs/OrthancCorpus.h"
#include "tests/support/TempDir.h"

namespace xrayprep::pacs {
namespace {

using test_support::OrthancServer;
using test_support::UploadedInstance;

std::string sopUidOf(const std::filesystem::path& file) {
    DcmFileFormat f;
    EXPECT_TRUE(f.loadFile(file.c_str()).good()) << file;
    OFString uid;
    f.getDataset()->findAndGetOFString(DCM_SOPInstanceUID, uid);
    return uid.c_str();
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class PacsClientTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(test_support::kOrthancPath)) return;
        server_ = std::make_unique<OrthancServer>();
        server_->start();
        workDir_ = std::make_unique<test_support::TempDir>("xrayprep-pacs");
        for (const auto& f : test_support::corpusOrGenerated(workDir_->path()))
            uploaded_.push_back(test_support::uploadThroughRest(*server_, f));
    }
    static void TearDownTestSuite() {
        uploaded_.clear();
        server_.reset();
        workDir_.reset();
    }
    void SetUp() override {
        if (!server_)
            GTEST_SKIP() << test_support::kOrthancPath << " is absent (Debian package orthanc)";
    }

    static PacsNode node() {
        PacsNode n;
        n.callingAe = OrthancServer::kOurAe;
        n.calledAe = OrthancServer::kAet;
        n.host = "127.0.0.1";
        n.port = server_->dicomPort();
        n.connectTimeoutSeconds = 5;
        n.dimseTimeoutSeconds = 10;
        return n;
    }

    // Each uploaded instance of the study is in the cache, its pixel data as in the file sent.
    static void expectPixelDataAsUploaded(const std::filesystem::path& cache,
                                          const std::string& studyUid) {
        for (const auto& u : uploaded_) {
            if (u.studyUid != studyUid) continue;
            const auto retrieved = cache / u.studyUid / u.seriesUid / (u.sopUid + ".dcm");
            ASSERT_TRUE(std::filesystem::exists(retrieved)) << retrieved;
            EXPECT_EQ(test_support::pixelDataBytes(retrieved), test_support::pixelDataBytes(u.file))
                << u.file;
        }
    }

    static inline std::unique_ptr<OrthancServer> server_;
    static inline std::unique_ptr<test_support::TempDir> workDir_;
    static inline std::vector<UploadedInstance> uploaded_;
};

TEST_F(PacsClientTest, EchoSucceeds) { EXPECT_NO_THROW(PacsClient(node()).echo()); }

TEST_F(PacsClientTest, FindByPatientIdMatchesRest) {
    const UploadedInstance& first = uploaded_.front();
    PacsQuery query;
    query.patientId = first.patientId;
    const auto matches = PacsClient(node()).find(query);
    // Orthanc's own view of the study, independently of C-FIND.
    const processing::Json study =
        processing::parseJson(test_support::restGet(*server_, "/studies/" + first.orthancStudyId));
    ASSERT_EQ(matches.size(), 1u);
    EXPECT_EQ(matches[0].studyUid, study["MainDicomTags"].value("StudyInstanceUID", ""));
    EXPECT_EQ(matches[0].patientId, study["PatientMainDicomTags"].value("PatientID", ""));
    EXPECT_EQ(matches[0].patientName, study["PatientMainDicomTags"].value("PatientName", ""));
    EXPECT_EQ(matches[0].studyDate, study["MainDicomTags"].value("StudyDate", ""));
    const auto sameStudy = std::count_if(uploaded_.begin(), uploaded_.end(), [&](const auto& u) {
        return u.studyUid == first.studyUid;
    });
    EXPECT_EQ(matches[0].instances, std::to_string(sameStudy));
}

TEST_F(PacsClientTest, FindByModalityMatchesRestToolsFind) {
    const std::string modality = uploaded_.front().modality;
    PacsQuery query;
    query.modality = modality;
    const auto matches = PacsClient(node()).find(query);
    const std::string body =
        R"({"Level":"Study","Expand":true,"Query":{"ModalitiesInStudy":")" + modality + R"("}})";
    const auto rest = test_support::httpRequest(server_->httpPort(), "POST", "/tools/find", body);
    ASSERT_EQ(rest.status, 200) << rest.body;
    std::set<std::string> expected;
    for (const auto& s : processing::parseJson(rest.body)) {
        expected.insert(s["MainDicomTags"].value("StudyInstanceUID", ""));
    }
    std::set<std::string> found;
    for (const auto& m : matches) found.insert(m.studyUid);
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(found, expected);

    query.modality = "MR";  // none uploaded
    EXPECT_TRUE(PacsClient(node()).find(query).empty());
}

TEST_F(PacsClientTest, FindSeriesOfStudy) {
    PacsQuery query;
    query.level = QueryLevel::Series;
    query.studyUid = uploaded_.front().studyUid;
    const auto matches = PacsClient(node()).find(query);
    ASSERT_EQ(matches.size(), 1u);
    EXPECT_EQ(matches[0].seriesUid, uploaded_.front().seriesUid);
    EXPECT_EQ(matches[0].modality, uploaded_.front().modality);
}

TEST_F(PacsClientTest, GetStudyWritesTheUploadedInstancesIntoTheCache) {
    test_support::TempDir cache("xrayprep-pacs-cache");
    const UploadedInstance& first = uploaded_.front();
    std::vector<RetrieveProgress> progress;
    const auto start = std::chrono::steady_clock::now();
    const auto files =
        PacsClient(node()).get({first.studyUid, ""}, cache.path(),
                               [&](const RetrieveProgress& p) { progress.push_back(p); });
    std::printf("C-GET of %zu instance(s): %.2f s\n", files.size(), secondsSince(start));
    // The study's instances according to REST.
    std::set<std::string> expected;
    for (const auto& i : processing::parseJson(
             test_support::restGet(*server_, "/studies/" + first.orthancStudyId + "/instances"))) {
        expected.insert(i["MainDicomTags"].value("SOPInstanceUID", ""));
    }
    std::set<std::string> got;
    for (const auto& f : files) {
        const std::string uid = sopUidOf(f);
        got.insert(uid);
        EXPECT_EQ(f, cache.path() / first.studyUid / first.seriesUid / (uid + ".dcm"));
    }
    EXPECT_EQ(got, expected);
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back().received, static_cast<int>(expected.size()));
    // Pixel data bit for bit as uploaded, and no temporary left in the cache.
    expectPixelDataAsUploaded(cache.path(), first.studyUid);
    std::size_t entries = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(cache.path())) {
        if (e.is_regular_file()) {
            ++entries;
            EXPECT_EQ(e.path().extension(), ".dcm") << e.path();
        }
    }
    EXPECT_EQ(entries, expected.size());
}

TEST_F(PacsClientTest, MoveStudyToOurStorageScp) {
    test_support::TempDir cache("xrayprep-pacs-cache");
    const UploadedInstance& first = uploaded_.front();
    int lastReceived = 0;
    const auto start = std::chrono::steady_clock::now();
    const auto files =
        PacsClient(node()).move({first.studyUid, ""}, cache.path(), server_->ourPort(),
                                [&](const RetrieveProgress& p) { lastReceived = p.received; });
    std::printf("C-MOVE of %zu instance(s): %.2f s\n", files.size(), secondsSince(start));
    std::set<std::string> expected;
    for (const auto& u : uploaded_) {
        if (u.studyUid == first.studyUid) expected.insert(u.sopUid);
    }
    std::set<std::string> got;
    for (const auto& f : files) got.insert(sopUidOf(f));
    EXPECT_EQ(got, expected);
    EXPECT_EQ(lastReceived, static_cast<int>(expected.size()));
    expectPixelDataAsUploaded(cache.path(), first.studyUid);
}

TEST_F(PacsClientTest, CancelledGetKeepsOnlyWholeFiles) {
    test_support::TempDir cache("xrayprep-pacs-cache");
    std::atomic<bool> cancel{false};
    // Raised as the first instance arrives: the retrieve stops there.
    const auto raise = [&](const RetrieveProgress& p) {
        if (p.received >= 1) cancel = true;
    };
    try {
        (void)PacsClient(node()).get({uploaded_.front().studyUid, ""}, cache.path(), raise,
                                     &cancel);
        ADD_FAILURE() << "a cancelled get returned normally";
    } catch (const PacsError& e) {
        EXPECT_EQ(e.kind(), PacsError::Kind::Cancelled) << e.what();
        EXPECT_NE(std::string(e.what()).find("retrieve cancelled after 1 instance(s)"),
                  std::string::npos)
            << e.what();
    }
    for (const auto& e : std::filesystem::recursive_directory_iterator(cache.path())) {
        if (e.is_regular_file()) {
            EXPECT_EQ(e.path().extension(), ".dcm") << e.path();
        }
    }
    // The server is still fine for the next association.
    EXPECT_NO_THROW(PacsClient(node()).echo());
}

TEST_F(PacsClientTest, GetOfAnUnknownStudyWritesNothing) {
    test_support::TempDir cache("xrayprep-pacs-cache");
    std::vector<std::filesystem::path> files;
    try {
        files = PacsClient(node()).get({"1.2.3.4.5.6.7.8.9", ""}, cache.path());
    } catch (const PacsError&) {
        // Orthanc may answer an unknown UID with a failure status: also fine.
    }
    EXPECT_TRUE(files.empty());
    EXPECT_TRUE(cache.entries().empty());
}

TEST_F(PacsClientTest, StoreThenReadBackThroughRest) {
    const auto file = workDir_->path() / "to-store.dcm";
    test_support::writeGeneratedDicom(file);
    const std::string sop = sopUidOf(file);
    const auto outcomes = PacsClient(node()).store({file, workDir_->path() / "missing.dcm"});
    ASSERT_EQ(outcomes.size(), 2u);
    EXPECT_TRUE(outcomes[0].ok) << outcomes[0].message;
    EXPECT_EQ(outcomes[0].status, 0);
    EXPECT_EQ(outcomes[0].sopInstanceUid, sop);
    EXPECT_FALSE(outcomes[1].ok);
    EXPECT_NE(outcomes[1].message.find("cannot read"), std::string::npos) << outcomes[1].message;

    const auto lookup =
        test_support::httpRequest(server_->httpPort(), "POST", "/tools/lookup", sop);
    ASSERT_EQ(lookup.status, 200);
    const processing::Json found = processing::parseJson(lookup.body);
    ASSERT_EQ(found.size(), 1u) << lookup.body;
    const processing::Json tags = processing::parseJson(test_support::restGet(
        *server_, "/instances/" + found[0].value("ID", "") + "/simplified-tags"));
    EXPECT_EQ(tags.value("SOPInstanceUID", ""), sop);
    DcmFileFormat original;
    ASSERT_TRUE(original.loadFile(file.c_str()).good());
    OFString study;
    original.getDataset()->findAndGetOFString(DCM_StudyInstanceUID, study);
    EXPECT_EQ(tags.value("StudyInstanceUID", ""), study.c_str());
}

// An echo to `n` fails with `kind` and exactly `message`, within the connect timeout + 2 s.
void expectEchoFailure(const PacsNode& n, PacsError::Kind kind, const std::string& message) {
    const auto start = std::chrono::steady_clock::now();
    try {
        PacsClient(n).echo();
        ADD_FAILURE() << "echo succeeded; expected: " << message;
    } catch (const PacsError& e) {
        EXPECT_EQ(e.kind(), kind) << e.what();
        EXPECT_EQ(std::string(e.what()), message);
    }
    const double elapsed = secondsSince(start);
    std::printf("failed as expected after %.2f s: %s\n", elapsed, message.c_str());
    EXPECT_LT(elapsed, n.connectTimeoutSeconds + 2.0);
}

TEST_F(PacsClientTest, ClosedPortIsReportedAsUnreachableWithinTheTimeout) {
    PacsNode n = node();
    n.port = test_support::freeLoopbackPort();  // nothing listens there
    n.connectTimeoutSeconds = 3;
    expectEchoFailure(n, PacsError::Kind::Unreachable,
                      "cannot reach 127.0.0.1:" + std::to_string(n.port) + ": connection refused");
}

TEST_F(PacsClientTest, WrongCalledAeIsReportedAsRejected) {
    PacsNode n = node();
    n.calledAe = "NOT-ORTHANC";
    expectEchoFailure(n, PacsError::Kind::Rejected,
                      "association rejected by AE 'NOT-ORTHANC' at 127.0.0.1:" +
                          std::to_string(n.port) + ": called AE title not recognized");
}

TEST_F(PacsClientTest, SilentPeerTimesOut) {
    // A socket that listens but never speaks: the kernel completes the TCP handshake, nobody
    // answers the A-ASSOCIATE-RQ.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(fd, 4), 0);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    PacsNode n = node();
    n.port = ntohs(address.sin_port);
    n.connectTimeoutSeconds = 2;
    n.dimseTimeoutSeconds = 2;
    expectEchoFailure(n, PacsError::Kind::Timeout,
                      "no answer from AE 'ORTHANC' at 127.0.0.1:" + std::to_string(n.port) +
                          " within 2 s (connecting)");
    ::close(fd);
}

TEST(PacsQueryTest, RejectsMalformedFields) {
    PacsQuery q;
    q.studyDate = "20240101-20231231";
    EXPECT_THROW(q.validate(), std::invalid_argument);
    q.studyDate = "2024-01-01";
    EXPECT_THROW(q.validate(), std::invalid_argument);
    q.studyDate = "20240101-";
    EXPECT_NO_THROW(q.validate());
    q.patientName = "A\\B";
    EXPECT_THROW(q.validate(), std::invalid_argument);
    q.patientName = "DOE^*";
    q.bodyPart = "FOOT";
    EXPECT_THROW(q.validate(), std::invalid_argument);  // a series attribute at study level
    q.level = QueryLevel::Series;
    EXPECT_NO_THROW(q.validate());
    EXPECT_TRUE(isDicomUid("1.2.840.10008.1.1"));
    EXPECT_FALSE(isDicomUid("1.2..3"));
    EXPECT_FALSE(isDicomUid("../../etc"));
    EXPECT_FALSE(isDicomUid(""));
}

}  // namespace
}  // namespace xrayprep::pacs
