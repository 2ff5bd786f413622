// The command line used as a hostile or careless user would (issue 14): re-runs into an output
// folder inside the input folder, empty names, reports whose folder no input created.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::runCliProcess;

namespace {

void makePhantom(const fs::path& file) {
    const auto r =
        runCliProcess({"phantom", "--out", file.string(), "--size", "320x256", "--seed", "3"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
}

std::string readText(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST(HostileCli, ReRunIntoAnOutputFolderInsideTheInputFolderIgnoresItsOwnOutputs) {
    // D7: the second run took the first run's final.dcm files for inputs; the originals then
    // failed ("refusing to write over the input file") and out/final-2, final-3 piled up.
    xrayprep::test_support::TempDir dir;
    const fs::path in = dir.path() / "films";
    fs::create_directories(in);
    makePhantom(in / "a.dcm");
    makePhantom(in / "b.dcm");
    const fs::path out = in / "out";
    for (int run = 0; run < 3; ++run) {
        SCOPED_TRACE(run);
        const auto r = runCliProcess({"run", in.string(), "--out", out.string(), "--export",
                                      "dicom", "--report", (out / "report.json").string()});
        EXPECT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
        EXPECT_NE(r.output.find("of 2 inputs processed"), std::string::npos) << r.output;
    }
    std::vector<std::string> folders;
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.is_directory()) folders.push_back(e.path().filename().string());
    }
    std::sort(folders.begin(), folders.end());
    EXPECT_EQ(folders, (std::vector<std::string>{"a", "b"}));
    EXPECT_TRUE(fs::is_regular_file(out / "a" / "final.dcm"));
}

TEST(HostileCli, EmptyOutputFolderNameIsAUsageError) {
    // `--out ''` wrote into the current folder.
    const auto r = runCliProcess({"run", "sample:planar", "--out", ""});
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("--out needs a folder name"), std::string::npos) << r.output;
}

TEST(HostileCli, ReportInsideAnOutputFolderNoInputCreatedIsStillWritten) {
    // Every input fails, so no input creates --out; the report inside it was not written.
    xrayprep::test_support::TempDir dir;
    const fs::path missing = dir.path() / "missing.dcm";
    const fs::path report = dir.path() / "out" / "logs" / "report.json";
    const auto r = runCliProcess({"run", missing.string(), "--out", (dir.path() / "out").string(),
                                  "--report", report.string()});
    EXPECT_EQ(r.exitCode, 1) << r.output;
    ASSERT_TRUE(fs::is_regular_file(report)) << r.output;
    EXPECT_NE(readText(report).find("\"failed\": 1"), std::string::npos) << readText(report);
}

TEST(HostileCli, FileNamesWithEscapeCodesAreNotPrintedRaw) {
    // Minor point: control characters from files and their names reached the terminal.
    xrayprep::test_support::TempDir dir;
    const fs::path bad = dir.path() / "x\x1B]0;owned\x07\x1B[2J.dcm";
    std::ofstream(bad) << "not DICOM";
    const auto r = runCliProcess({"run", bad.string(), "--out", (dir.path() / "o").string()});
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_EQ(r.output.find('\x1B'), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\x07'), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("x\\x1B]0;owned\\x07\\x1B[2J.dcm"), std::string::npos) << r.output;
}
