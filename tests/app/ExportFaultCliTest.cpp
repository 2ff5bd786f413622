// Faults during export: a write that fails part way (file-size limit: EFBIG, the same path as a
// full disk's ENOSPC), an output folder that cannot be created. The run reports the failure by
// name and exits with 1; no partial or temporary file is left, and the files of an earlier run
// are untouched.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "io/FileBytes.h"
#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::test_support::runCliProcess;

namespace {

using Files = std::map<std::string, std::vector<std::uint8_t>>;

Files filesIn(const fs::path& folder) {
    Files files;
    if (!fs::exists(folder)) return files;
    for (const auto& e : fs::directory_iterator(folder))
        files[e.path().filename().string()] = xrayprep::io::readFileBytes(e.path());
    return files;
}

std::vector<std::string> temporaries(const fs::path& folder) {
    std::vector<std::string> found;
    if (!fs::exists(folder)) return found;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        const std::string name = e.path().filename().string();
        if (name.find(".tmp") != std::string::npos) found.push_back(name);
    }
    return found;
}

const std::vector<std::string> kItems = {"final.png", "final.mha", "mask.png",     "mask.mha",
                                         "esf.mha",   "esf.vti",   "contours.vtp", "contours.csv",
                                         "mesh.stl",  "mesh.obj",  "mesh.ply",     "mesh.vtp",
                                         "dicom",     "seg",       "sheet.png",    "report.json"};

std::string fileOf(const std::string& item) {
    if (item == "dicom") return "final.dcm";
    return item == "seg" ? "seg.dcm" : item;
}

// Outputs whose bytes depend on the moment (new UIDs, dates, stage times): never equal to
// another run's, and their size varies by a few bytes.
bool timeDependent(const std::string& file) {
    return file == "final.dcm" || file == "seg.dcm" || file == "report.json" || file == "sheet.png";
}

}  // namespace

TEST(ExportFaultCli, AWriteThatFailsPartWayLeavesNoPartialFileAndKeepsTheOldOne) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "case.dcm";
    ASSERT_EQ(runCliProcess({"phantom", "--out", dcm.string(), "--size", "320x256", "--seed", "5"})
                  .exitCode,
              0);
    const std::vector<std::string> oldParams = {"--set", "median.size=7", "--set",
                                                "esf.iterations=30"};
    const std::vector<std::string> newParams = {"--set", "median.size=5", "--set",
                                                "esf.iterations=20"};
    auto runArgs = [&](const fs::path& out, const std::string& exports,
                       const std::vector<std::string>& params) {
        std::vector<std::string> a = {"run",       dcm.string(), "--out",    out.string(),
                                      "--backend", "serial",     "--export", exports};
        a.insert(a.end(), params.begin(), params.end());
        return a;
    };
    // The earlier run's files, and what the new run writes when nothing fails.
    ASSERT_EQ(runCliProcess(runArgs(dir / "old", "all", oldParams)).exitCode, 0);
    ASSERT_EQ(runCliProcess(runArgs(dir / "new", "all", newParams)).exitCode, 0);
    const Files old = filesIn(dir / "old" / "case");
    const Files fresh = filesIn(dir / "new" / "case");
    ASSERT_EQ(old.size(), 16u);
    ASSERT_EQ(fresh.size(), 16u);
    const std::size_t alwaysWritten =
        std::max(fresh.at("final.png").size(), fresh.at("mask.png").size());

    int failedAtTheItem = 0;
    for (const std::string& item : kItems) {
        SCOPED_TRACE(item);
        const std::string file = fileOf(item);
        // Over the earlier run's files: the new file is one byte too large to be written (half
        // its size when the size varies from run to run).
        const fs::path out = dir / ("limited-" + item);
        fs::create_directories(out / "case");
        for (const auto& [name, bytes] : old)
            std::ofstream(out / "case" / name, std::ios::binary)
                .write(reinterpret_cast<const char*>(bytes.data()),
                       static_cast<std::streamsize>(bytes.size()));
        const std::size_t size = fresh.at(file).size();
        const rlim_t limit = timeDependent(file) ? size / 2 : size - 1;
        const auto r = runCliProcess(runArgs(out, item, newParams), limit);
        EXPECT_EQ(r.signal, 0) << r.output;
        EXPECT_EQ(r.exitCode, 1) << r.output;
        EXPECT_NE(r.output.find("case.dcm"), std::string::npos) << r.output;
        // The errno text; DCMTK's writer (final.dcm, seg.dcm) says only "I/O suspension or
        // premature end of stream".
        if ((item != "dicom" && item != "seg") || limit <= alwaysWritten) {
            EXPECT_NE(r.output.find("File too large"), std::string::npos) << r.output;
        }
        if (limit > alwaysWritten) {
            // final.png and mask.png fit: this item's own write is the one that failed.
            EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
            ++failedAtTheItem;
        }
        EXPECT_EQ(temporaries(out), std::vector<std::string>{});
        // Every file is the earlier run's or the new run's complete file, never a part.
        const Files now = filesIn(out / "case");
        EXPECT_EQ(now.size(), old.size());
        for (const auto& [name, bytes] : now) {
            const bool isOld = old.count(name) && old.at(name) == bytes;
            const bool isNew = fresh.count(name) && fresh.at(name) == bytes;
            EXPECT_TRUE(isOld || (isNew && !timeDependent(name))) << name;
        }
        EXPECT_TRUE(now.at(file) == old.at(file)) << file << " was replaced";
    }
    EXPECT_GE(failedAtTheItem, 8);  // the large ones: .mha, .vti, meshes, DICOM, sheet, ...

    // The run report too: a failed write keeps the old report.
    const fs::path report = dir / "run.json";
    std::ofstream(report) << "{\"old\": true}\n";
    std::vector<std::string> a = runArgs(dir / "report-run", "mask.png", newParams);
    a.push_back("--report");
    a.push_back(report.string());
    const auto r = runCliProcess(a, 256);  // below any report, below final.png too
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("cannot write the report"), std::string::npos) << r.output;
    std::ifstream in(report);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "{\"old\": true}\n");
    EXPECT_EQ(temporaries(dir.path()), std::vector<std::string>{});
}

TEST(ExportFaultCli, AnOutputFolderThatCannotBeCreatedFailsEachInputByName) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "case.dcm";
    ASSERT_EQ(runCliProcess({"phantom", "--out", dcm.string(), "--size", "256x256"}).exitCode, 0);
    std::ofstream(dir / "blocker") << "a file where a folder should be";
    // Under a file (ENOTDIR): also for root, whom permissions do not stop.
    const auto r = runCliProcess({"run", dcm.string(), "sample:planar:256x256", "--out",
                                  (dir / "blocker" / "out").string(), "--export", "all", "--set",
                                  "median.size=5", "--set", "esf.iterations=5"});
    EXPECT_EQ(r.signal, 0) << r.output;
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("FAILED  case.dcm"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("FAILED  sample:planar:256x256"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Not a directory"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("0 of 2 inputs processed: 0 ok, 0 need review, 2 failed"),
              std::string::npos)
        << r.output;

    // A read-only folder: only meaningful when permissions apply (not as root).
    if (::geteuid() != 0) {
        fs::create_directories(dir / "readonly");
        fs::permissions(dir / "readonly", fs::perms::owner_read | fs::perms::owner_exec);
        const auto ro = runCliProcess(
            {"run", dcm.string(), "--out", (dir / "readonly").string(), "--set", "median.size=5"});
        fs::permissions(dir / "readonly", fs::perms::owner_all);
        EXPECT_EQ(ro.exitCode, 1) << ro.output;
        EXPECT_TRUE(fs::is_empty(dir / "readonly"));
    }
}
