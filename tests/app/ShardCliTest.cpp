// `run --shard K/N` (issue 15): N shards of one input list, run into one --out as the nodes of a
// cluster job array would, write exactly the folders and files that one run writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::runCliProcess;

namespace {

const std::vector<std::string> kInputs = {"sample:planar:96x80",   "sample:lateral:96x80",
                                          "sample:planar:120x96",  "sample:lateral:120x96",
                                          "sample:planar:112x104", "sample:lateral:104x88",
                                          "sample:planar:88x120"};

std::vector<std::string> runArgs(const fs::path& out, const std::string& shard) {
    std::vector<std::string> a = {"run"};
    a.insert(a.end(), kInputs.begin(), kInputs.end());
    a.insert(a.end(),
             {"--out", out.string(), "--export", "mask.png,contours.csv", "--threads", "1"});
    if (!shard.empty()) a.insert(a.end(), {"--shard", shard});
    return a;
}

std::string readBytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Every file under `out`, by its path relative to `out`, with its bytes.
std::map<std::string, std::string> filesUnder(const fs::path& out) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(out)) {
        if (e.is_regular_file()) files[fs::relative(e.path(), out).string()] = readBytes(e.path());
    }
    return files;
}

// "shard K/N: M of the T inputs" -> M.
int shardSize(const std::string& output) {
    std::smatch m;
    const std::regex line(R"(shard \d+/\d+: (\d+) of the (\d+) inputs)");
    if (!std::regex_search(output, m, line)) return -1;
    EXPECT_EQ(std::stoi(m[2]), static_cast<int>(kInputs.size()));
    return std::stoi(m[1]);
}

}  // namespace

TEST(ShardCli, TheShardsTogetherWriteWhatOneRunWrites) {
    xrayprep::test_support::TempDir dir;
    const auto whole = runCliProcess(runArgs(dir.path() / "whole", ""));
    ASSERT_TRUE(everyInputProcessed(whole.exitCode)) << whole.output;
    const auto expected = filesUnder(dir.path() / "whole");
    ASSERT_GE(expected.size(), 2 * kInputs.size());  // final.png is always written too

    constexpr int kShards = 3;
    int total = 0;
    for (int k = 1; k <= kShards; ++k) {
        const auto r = runCliProcess(
            runArgs(dir.path() / "sharded", std::to_string(k) + "/" + std::to_string(kShards)));
        ASSERT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
        const int size = shardSize(r.output);
        ASSERT_GE(size, 0) << r.output;
        total += size;
    }
    EXPECT_EQ(total, static_cast<int>(kInputs.size()));
    // Same folder names (chosen over the whole list), same files, same bytes.
    EXPECT_EQ(filesUnder(dir.path() / "sharded"), expected);
}

TEST(ShardCli, AReRunOfAShardTakesTheSameInputs) {
    xrayprep::test_support::TempDir dir;
    std::vector<std::string> folders[2];
    for (auto& list : folders) {
        const fs::path out = dir.path() / ("run" + std::to_string(&list - folders));
        const auto r = runCliProcess(runArgs(out, "2/3"));
        ASSERT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
        for (const auto& e : fs::directory_iterator(out)) {
            list.push_back(e.path().filename().string());
        }
        std::sort(list.begin(), list.end());
    }
    EXPECT_EQ(folders[0], folders[1]);
}

TEST(ShardCli, AnEmptyShardIsNoFailure) {
    xrayprep::test_support::TempDir dir;
    // One input over 50 shards: 49 of them hold nothing.
    int empty = 0;
    for (int k = 1; k <= 50 && empty == 0; ++k) {
        const auto r =
            runCliProcess({"run", "sample:planar:64x64", "--out", (dir.path() / "o").string(),
                           "--shard", std::to_string(k) + "/50", "--export", "mask.png"});
        ASSERT_TRUE(everyInputProcessed(r.exitCode)) << r.output;
        if (r.output.find("holds none of the 1 inputs") != std::string::npos) ++empty;
    }
    EXPECT_EQ(empty, 1);
}

TEST(ShardCli, RefusesABadShardAsAUsageError) {
    xrayprep::test_support::TempDir dir;
    for (const std::string bad : {"0/3", "4/3", "3", "a/b"}) {
        const auto r = runCliProcess(
            {"run", "sample:planar:64x64", "--out", (dir.path() / "o").string(), "--shard", bad});
        EXPECT_EQ(r.exitCode, 2) << bad << ": " << r.output;
        EXPECT_NE(r.output.find("--shard"), std::string::npos) << r.output;
    }
    const auto g = runCliProcess({"run", "sample:planar:64x64", "--out",
                                  (dir.path() / "o").string(), "--shard", "1/2", "--gallery"});
    EXPECT_EQ(g.exitCode, 2) << g.output;
}
