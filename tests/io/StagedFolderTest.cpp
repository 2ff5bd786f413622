// A staged output folder appears whole or not at all, and never deletes a protected file.
#include <gtest/gtest.h>

#include <fstream>

#include "io/StagedFolder.h"
#include "tests/support/TempDir.h"

namespace xrayprep::io {
namespace {

namespace fs = std::filesystem;

void writeText(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

std::vector<std::string> entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(StagedFolder, CommitReplacesTheOldSetWhole) {
    test_support::TempDir dir;
    const fs::path out = dir.path() / "case";
    fs::create_directories(out);
    writeText(out / "mesh.stl", "old mesh");
    writeText(out / "report.json", "old report");
    {
        StagedFolder staged(out, {});
        writeText(staged.path() / "mask.png", "new mask");
        writeText(staged.path() / "report.json", "new report");
        EXPECT_EQ(entries(out), (std::vector<std::string>{"mesh.stl", "report.json"}));
        staged.commit();
    }
    EXPECT_EQ(entries(out), (std::vector<std::string>{"mask.png", "report.json"}));
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"case"});  // nothing hidden left
}

TEST(StagedFolder, WithoutCommitTheOldSetStaysAndNothingIsLeft) {
    test_support::TempDir dir;
    const fs::path out = dir.path() / "case";
    fs::create_directories(out);
    writeText(out / "mesh.stl", "old mesh");
    {
        StagedFolder staged(out, {});
        writeText(staged.path() / "mask.png", "half of a run");
    }
    EXPECT_EQ(entries(out), std::vector<std::string>{"mesh.stl"});
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"case"});
}

TEST(StagedFolder, NewFolderAppearsOnCommitOnly) {
    test_support::TempDir dir;
    const fs::path out = dir.path() / "a" / "case";
    StagedFolder staged(out, {});
    writeText(staged.path() / "mask.png", "mask");
    EXPECT_FALSE(fs::exists(out));
    staged.commit();
    EXPECT_EQ(entries(out), std::vector<std::string>{"mask.png"});
}

TEST(StagedFolder, AFolderHoldingAProtectedFileIsNotReplaced) {
    test_support::TempDir dir;
    const fs::path out = dir.path() / "case";
    fs::create_directories(out / "deep");
    writeText(out / "deep" / "input.dcm", "the input");
    EXPECT_THROW(StagedFolder(out, {out / "deep" / "input.dcm"}), std::runtime_error);
    EXPECT_TRUE(fs::exists(out / "deep" / "input.dcm"));
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"case"});
}

TEST(StagedFolder, AFileOrLinkAtTheDestinationIsRefused) {
    test_support::TempDir dir;
    writeText(dir.path() / "file", "not a folder");
    StagedFolder staged(dir.path() / "file", {});
    EXPECT_THROW(staged.commit(), std::runtime_error);
    fs::create_directories(dir.path() / "real");
    fs::create_directory_symlink(dir.path() / "real", dir.path() / "link");
    StagedFolder linked(dir.path() / "link", {});
    EXPECT_THROW(linked.commit(), std::runtime_error);
    EXPECT_TRUE(fs::is_symlink(dir.path() / "link"));
}

}  // namespace
}  // namespace xrayprep::io
