// `run` reports the quality checks: "review" lines, the summary's counts, report.json's
// "quality" and "needsReview", and the exit codes 0 / 3 / 1.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "dicom/DicomWriter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/FlatDicom.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::readJsonFile;
using xrayprep::test_support::runCliProcess;

namespace {

const std::vector<std::string> kQuick = {"--set",     "median.size=5", "--set", "esf.iterations=10",
                                         "--backend", "serial"};

class QualityCli : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_EQ(runCliProcess({"phantom", "--out", (dir_ / "foot.dcm").string(), "--size",
                                 "512x400", "--seed", "2"})
                      .exitCode,
                  0);
        xrayprep::test_support::writeFlatDicom(dir_ / "flat.dcm");
    }
    xrayprep::test_support::CliResult run(std::vector<std::string> inputs,
                                          const std::vector<std::string>& extra) {
        std::vector<std::string> a = {"run"};
        a.insert(a.end(), inputs.begin(), inputs.end());
        for (const std::string& s : {std::string("--out"), (dir_ / "out").string(),
                                     std::string("--report"), (dir_ / "report.json").string()})
            a.push_back(s);
        a.insert(a.end(), kQuick.begin(), kQuick.end());
        a.insert(a.end(), extra.begin(), extra.end());
        return runCliProcess(a);
    }
    xrayprep::test_support::TempDir dir_;
};

}  // namespace

TEST_F(QualityCli, AnEmptyMaskIsProcessedButNeedsReviewAndExitsWithThree) {
    const auto r = run({(dir_ / "flat.dcm").string()}, {});
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("review  flat.dcm ("), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("s): empty (mask is empty)"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("1 of 1 inputs processed: 0 ok, 1 need review, 0 failed; outputs in"),
              std::string::npos)
        << r.output;
    const Json report = readJsonFile(dir_ / "report.json");
    EXPECT_EQ(report.at("needsReview").get<double>(), 1);
    EXPECT_EQ(report.at("failed").get<double>(), 0);
    const Json& e = report.at("inputs").at(0);
    EXPECT_EQ(e.at("status").get<std::string>(), "ok");  // processed; outputs written
    EXPECT_TRUE(e.at("needsReview").get<bool>());
    const Json& q = e.at("quality");
    EXPECT_EQ(q.at("status").get<std::string>(), "needs-review");
    const auto& checks = q.at("checks");
    ASSERT_EQ(checks.size(), 8u);
    EXPECT_EQ(checks[0].at("id").get<std::string>(), "empty");
    EXPECT_FALSE(checks[0].at("passed").get<bool>());
    EXPECT_EQ(checks[0].at("value").get<double>(), 0.0);
    EXPECT_EQ(checks[0].at("limit").get<double>(), 0.002);
    EXPECT_EQ(checks[0].at("message").get<std::string>(), "mask is empty");
    EXPECT_TRUE(fs::exists(dir_ / "out" / "flat" / "final.png"));
}

TEST_F(QualityCli, AFailureWinsOverAReviewInTheExitCode) {
    std::ofstream(dir_ / "broken.dcm") << "not DICOM";
    const auto r = run({(dir_ / "flat.dcm").string(), (dir_ / "broken.dcm").string()}, {});
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("1 of 2 inputs processed: 0 ok, 1 need review, 1 failed"),
              std::string::npos)
        << r.output;
    const Json report = readJsonFile(dir_ / "report.json");
    const auto& inputs = report.at("inputs");
    EXPECT_EQ(inputs.at(1).at("status").get<std::string>(), "failed");
    EXPECT_FALSE(inputs.at(1).at("needsReview").get<bool>());
}

TEST_F(QualityCli, TheLimitsAreParameters) {
    // Any mask has at least one piece: with at most 0 allowed, the fragments check fails.
    const auto r = run({(dir_ / "foot.dcm").string()}, {"--set", "quality.maxFragments=0"});
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("fragments (mask is in "), std::string::npos) << r.output;
    const Json report = readJsonFile(dir_ / "report.json");
    const Json& e = report.at("inputs").at(0);
    EXPECT_EQ(e.at("parameters").at("quality.maxFragments").get<double>(), 0);
    const auto& checks = e.at("quality").at("checks");
    EXPECT_EQ(checks.at(5).at("id").get<std::string>(), "fragments");
    EXPECT_EQ(checks.at(5).at("limit").get<double>(), 0);
    EXPECT_EQ(run({(dir_ / "foot.dcm").string()}, {"--set", "quality.maxFragments=-1"}).exitCode,
              2);
}

TEST_F(QualityCli, AFileOfAnotherBodyPartNeedsReviewAndSaysWhich) {
    // The same foot image twice, once labelled a chest: only the label differs, so only the
    // body-part check can tell them apart.
    xrayprep::processing::PhantomParams params;
    params.width = 512;
    params.height = 400;
    xrayprep::processing::Phantom ph = xrayprep::processing::FootPhantom{}(params);
    for (auto& [name, value] : ph.metadata.headerFields) {
        if (name == "BodyPartExamined") value = "CHEST";
    }
    xrayprep::dicom::DicomWriter{}(ph.image, ph.metadata, dir_ / "chest.dcm");
    const auto r = run({(dir_ / "chest.dcm").string(), (dir_ / "foot.dcm").string()}, {});
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("body-part (the file names the body part CHEST: the bone mask is "
                            "made for foot and ankle radiographs)"),
              std::string::npos)
        << r.output;
    const Json report = readJsonFile(dir_ / "report.json");
    int seen = 0;
    for (const Json& e : report.at("inputs")) {
        const bool chest = e.at("input").get<std::string>().ends_with("chest.dcm");
        const Json* bodyPart = nullptr;
        for (const Json& c : e.at("quality").at("checks")) {
            if (c.at("id").get<std::string>() == "body-part") bodyPart = &c;
        }
        ASSERT_NE(bodyPart, nullptr);
        EXPECT_EQ(bodyPart->at("passed").get<bool>(), !chest);
        EXPECT_NE(bodyPart->at("message").get<std::string>().find(chest ? "CHEST" : "FOOT"),
                  std::string::npos);
        if (chest) {
            EXPECT_TRUE(e.at("needsReview").get<bool>());
        }
        ++seen;
    }
    EXPECT_EQ(seen, 2);
}
