#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "IoTestSupport.h"
#include "io/FileBytes.h"

namespace xrayprep::io {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

std::string messageOf(const fs::path& path, std::size_t maxBytes) {
    try {
        (void)readSmallRegularFile(path, maxBytes);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return {};
}

TEST(SmallRegularFile, ReadsASmallFileWhole) {
    TempDir dir;
    const fs::path p = dir / "preset.json";
    std::ofstream(p) << "{\"median.size\": 5}";
    EXPECT_EQ(readSmallRegularFile(p, 100), "{\"median.size\": 5}");
}

// Issue 14, D6: a preset that is a FIFO blocked for ever, /dev/zero grew without bound.
TEST(SmallRegularFile, RefusesFifosDevicesAndLargeFilesWithoutBlocking) {
    TempDir dir;
    const fs::path fifo = dir / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    std::string m = messageOf(fifo, 1 << 20);  // would block without O_NONBLOCK
    EXPECT_NE(m.find("not a regular file"), std::string::npos) << m;
    EXPECT_NE(m.find(fifo.string()), std::string::npos) << m;
    m = messageOf("/dev/zero", 1 << 20);
    EXPECT_NE(m.find("not a regular file"), std::string::npos) << m;
    const fs::path big = dir / "big.json";
    std::ofstream(big) << std::string(101, ' ');
    m = messageOf(big, 100);
    EXPECT_NE(m.find("larger than 100 bytes"), std::string::npos) << m;
    m = messageOf(dir / "missing.json", 100);
    EXPECT_NE(m.find("missing.json"), std::string::npos) << m;
    EXPECT_NE(m.find("No such file"), std::string::npos) << m;
    m = messageOf(dir.path(), 100);  // a folder
    EXPECT_FALSE(m.empty());
}

}  // namespace
}  // namespace xrayprep::io
