// `run` over a folder of many files, in parallel: every failure reported by name, exit code 1,
// the same outputs and report order as a sequential run, and memory bounded by the jobs in
// flight, not by the number of files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "io/FileBytes.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::readJsonFile;
using xrayprep::test_support::runCliProcess;

namespace {

void makePhantom(const fs::path& file, const std::string& size, int seed) {
    const auto r = runCliProcess({"phantom", "--out", file.string(), "--size", size, "--seed",
                                  std::to_string(seed), "--view", seed % 2 ? "lateral" : "planar",
                                  "--photometric", seed % 3 ? "MONOCHROME2" : "MONOCHROME1"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
}

void writeBytes(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
}

// Broken files named like DICOM files: each must fail, by name. Returns their names.
std::set<std::string> addBrokenFiles(const fs::path& folder, const fs::path& aPhantom) {
    const auto whole = xrayprep::io::readFileBytes(aPhantom);
    const std::string bytes(whole.begin(), whole.end());
    writeBytes(folder / "truncated-half.dcm", bytes.substr(0, bytes.size() / 2));
    writeBytes(folder / "truncated-200.dcm", bytes.substr(0, 200));
    std::string noise(4096, '\0');
    unsigned state = 12345;
    for (char& c : noise) c = static_cast<char>((state = state * 1103515245u + 12345u) >> 24);
    writeBytes(folder / "random-4096.dcm", noise);
    writeBytes(folder / "magic-then-noise.dcm", std::string(128, '\0') + "DICM" + noise);
    writeBytes(folder / "empty.dcm", "");
    writeBytes(folder / "EMPTY-UPPER.DCM", "");
    writeBytes(folder / "text.dcm", "this is not a DICOM file\n");
    writeBytes(folder / "notes.dicom", "{\"not\": \"dicom\"}\n");
    return {"truncated-half.dcm", "truncated-200.dcm", "random-4096.dcm", "magic-then-noise.dcm",
            "empty.dcm",          "EMPTY-UPPER.DCM",   "text.dcm",        "notes.dicom"};
}

// Whether a line of `log` starts with `start` and names `name`.
bool hasLine(const std::string& log, const std::string& start, const std::string& name) {
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(start, 0) == 0 && line.find(name) != std::string::npos) return true;
    }
    return false;
}

// Every file below `folder`, relative, with its bytes.
std::map<std::string, std::vector<std::uint8_t>> filesUnder(const fs::path& folder) {
    std::map<std::string, std::vector<std::uint8_t>> files;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        if (e.is_regular_file())
            files[fs::relative(e.path(), folder).string()] = xrayprep::io::readFileBytes(e.path());
    }
    return files;
}

}  // namespace

TEST(BatchCli, AMixedFolderInParallelReportsEveryFailureByNameAndMatchesTheSequentialRun) {
    xrayprep::test_support::TempDir dir;
    const fs::path in = dir / "in";
    fs::create_directories(in / "phantoms");
    fs::create_directories(in / "broken");
    const char* sizes[] = {"256x256", "320x256", "384x320"};
    for (int i = 0; i < 30; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "p%02d.dcm", i);
        makePhantom(in / "phantoms" / name, sizes[i % 3], i + 1);
    }
    const std::set<std::string> broken = addBrokenFiles(in / "broken", in / "phantoms" / "p04.dcm");
    writeBytes(in / "broken" / "README.txt", "not an image\n");
    writeBytes(in / "broken" / "table.csv", "a,b\n1,2\n");

    const std::vector<std::string> common = {"run",          in.string(),
                                             "--backend",    "openmp",
                                             "--threads",    "2",
                                             "--set",        "median.size=5",
                                             "--set",        "esf.iterations=20",
                                             "--save-stages"};
    auto args = [&](const std::string& out, const std::string& jobs) {
        std::vector<std::string> a = common;
        for (const std::string& s :
             {std::string("--out"), (dir / out).string(), std::string("--report"),
              (dir / (out + ".json")).string(), std::string("--jobs"), jobs})
            a.push_back(s);
        return a;
    };
    const auto sequential = runCliProcess(args("seq", "1"));
    const auto parallel = runCliProcess(args("par", "3"));
    ASSERT_EQ(sequential.exitCode, 1) << sequential.output;
    ASSERT_EQ(parallel.exitCode, 1) << parallel.output;

    const Json a = readJsonFile(dir / "seq.json");
    const Json b = readJsonFile(dir / "par.json");
    EXPECT_EQ(a.at("jobs").get<double>(), 1);
    EXPECT_EQ(b.at("jobs").get<double>(), 3);
    EXPECT_EQ(b.at("failed").get<double>(), static_cast<double>(broken.size()));
    EXPECT_EQ(b.at("succeeded").get<double>(), 30);
    std::set<std::string> skipped;
    for (const Json& s : b.at("skippedFiles"))
        skipped.insert(fs::path(s.get<std::string>()).filename().string());
    EXPECT_EQ(skipped, (std::set<std::string>{"README.txt", "table.csv"}));
    EXPECT_NE(parallel.output.find("skipped " + (in / "broken" / "README.txt").string()),
              std::string::npos)
        << parallel.output;

    // Same inputs in the same order with the same outcome; failures named in report and log.
    const auto& ea = a.at("inputs");
    const auto& eb = b.at("inputs");
    ASSERT_EQ(ea.size(), 38u);
    ASSERT_EQ(eb.size(), ea.size());
    std::set<std::string> failed;
    for (std::size_t i = 0; i < ea.size(); ++i) {
        const std::string input = eb[i].at("input").get<std::string>();
        const std::string name = fs::path(input).filename().string();
        EXPECT_EQ(ea[i].at("input").get<std::string>(), input) << i;
        EXPECT_EQ(
            ea[i].at("outputFolder").get<std::string>().substr((dir / "seq").string().size()),
            eb[i].at("outputFolder").get<std::string>().substr((dir / "par").string().size()));
        const std::string status = eb[i].at("status").get<std::string>();
        EXPECT_EQ(ea[i].at("status").get<std::string>(), status) << name;
        if (status != "ok") {
            failed.insert(name);
            EXPECT_NE(eb[i].at("error").get<std::string>().find(name), std::string::npos)
                << eb[i].at("error").get<std::string>();
            EXPECT_TRUE(hasLine(parallel.output, "FAILED", name)) << name << "\n"
                                                                  << parallel.output;
        } else {
            EXPECT_TRUE(hasLine(parallel.output, "ok      ", name) ||
                        hasLine(parallel.output, "review  ", name))
                << name;
        }
    }
    EXPECT_EQ(failed, broken);

    // Every output of every success, byte for byte (PNG, CSV, MetaImage).
    const auto seqFiles = filesUnder(dir / "seq");
    const auto parFiles = filesUnder(dir / "par");
    EXPECT_EQ(seqFiles.size(), 30u * 8u);
    ASSERT_EQ(seqFiles.size(), parFiles.size());
    for (const auto& [name, bytes] : seqFiles) {
        const auto it = parFiles.find(name);
        ASSERT_NE(it, parFiles.end()) << name;
        EXPECT_TRUE(it->second == bytes) << name;
    }
}

TEST(BatchCli, PeakMemoryFollowsTheJobsInFlightNotTheNumberOfFiles) {
    xrayprep::test_support::TempDir dir;
    fs::create_directories(dir / "in");
    constexpr int kFiles = 8;
    for (int i = 0; i < kFiles; ++i)
        makePhantom(dir / "in" / ("big-" + std::to_string(i) + ".dcm"), "1024x1024", i + 1);
    const std::vector<std::string> params = {
        "--set", "median.size=5", "--set", "esf.iterations=10", "--backend", "openmp"};
    auto run = [&](const std::string& input, const std::string& jobs) {
        std::vector<std::string> a = {"run",    input, "--out", (dir / ("out-" + jobs)).string(),
                                      "--jobs", jobs};
        a.insert(a.end(), params.begin(), params.end());
        const auto r = runCliProcess(a);
        EXPECT_TRUE(xrayprep::test_support::everyInputProcessed(r.exitCode)) << r.output;
        return r.peakRssKiB;
    };
    const long one = run((dir / "in" / "big-0.dcm").string(), "1");
    const long sequential = run((dir / "in").string(), "1");
    const long twoJobs = run((dir / "in").string(), "2");
    RecordProperty("peakKiB_oneFile", std::to_string(one));
    RecordProperty("peakKiB_8files_jobs1", std::to_string(sequential));
    RecordProperty("peakKiB_8files_jobs2", std::to_string(twoJobs));
    std::printf("peak RSS: one file %ld KiB; %d files, 1 job %ld KiB; 2 jobs %ld KiB\n", one,
                kFiles, sequential, twoJobs);
    // One 1024 x 1024 file needs tens of MiB; keeping every file's images would need kFiles
    // times that. One job in flight: about one file's worth; two: at most two (with margins for
    // malloc arenas and thread stacks; measured 1.2x and 2.0x).
    EXPECT_LT(sequential, one + one / 2) << "one job";
    EXPECT_LT(twoJobs, 2 * one + one / 2) << "two jobs";
}
