#include "io/AtomicFile.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <regex>
#include <string>

#include "IoTestSupport.h"

namespace xrayprep::io {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

std::string contentOf(const fs::path& p) {
    const auto bytes = test::fileBytes(p);
    return {bytes.begin(), bytes.end()};
}

using test::errorOf;

TEST(AtomicFile, WritesAndReplaces) {
    TempDir dir;
    const fs::path target = dir / "out.txt";
    writeFileAtomically(target, std::string_view("first"));
    EXPECT_EQ(contentOf(target), "first");
    writeFileAtomically(target, std::string_view("second, longer"));
    EXPECT_EQ(contentOf(target), "second, longer");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
}

TEST(AtomicFile, TemporaryNamesCarry64RandomBitsAndAreTakenExclusively) {
    // Issue 14, minor point: the DICOM writer's temporary had a 32-bit suffix and was not
    // opened with O_EXCL; every output, the derived DICOM included, now goes through here.
    TempDir dir;
    const fs::path target = dir / "final.dcm";
    AtomicFile a(target), b(target);
    const std::regex name(R"(\.final\.dcm\.tmp-[0-9a-f]{16})");
    EXPECT_TRUE(std::regex_match(a.temporaryPath().filename().string(), name)) << a.temporaryPath();
    EXPECT_NE(a.temporaryPath(), b.temporaryPath());
    EXPECT_TRUE(fs::is_regular_file(a.temporaryPath()));  // created at once, not at commit
    EXPECT_TRUE(fs::is_regular_file(b.temporaryPath()));
}

TEST(AtomicFile, PiecewiseWritesAppearOnlyOnCommit) {
    TempDir dir;
    const fs::path target = dir / "out.bin";
    test::writeBytes(target, "old");
    AtomicFile file(target);
    file.write(std::string_view("new "));
    const std::vector<std::uint8_t> more = {'d', 'a', 't', 'a'};
    file.write(more);
    EXPECT_EQ(contentOf(target), "old");  // not visible before commit
    EXPECT_EQ(file.temporaryPath().parent_path(), target.parent_path());
    EXPECT_TRUE(fs::exists(file.temporaryPath()));
    file.commit();
    EXPECT_EQ(contentOf(target), "new data");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.bin"});
    EXPECT_THROW(file.write(std::string_view("x")), std::logic_error);
}

TEST(AtomicFile, AbandonedWriteLeavesDestinationAndNoTemporary) {
    TempDir dir;
    const fs::path target = dir / "out.bin";
    test::writeBytes(target, "keep me");
    {
        AtomicFile file(target);
        file.write(std::string_view("half written"));
    }  // e.g. an exception between write and commit
    EXPECT_EQ(contentOf(target), "keep me");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.bin"});
}

TEST(AtomicFile, MissingFolderThrowsWithPathAndLeavesNothing) {
    TempDir dir;
    const fs::path target = dir / "no-such-folder" / "mask.png";
    const std::string message =
        errorOf([&] { writeFileAtomically(target, std::string_view("x")); });
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
    EXPECT_TRUE(dir.entries().empty());
}

TEST(AtomicFile, DestinationThatIsADirectoryThrowsAndLeavesNothing) {
    TempDir dir;
    const fs::path target = dir / "taken";
    fs::create_directory(target);
    fs::create_directory(target / "inside");  // a non-empty directory
    const std::string message =
        errorOf([&] { writeFileAtomically(target, std::string_view("x")); });
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"taken"});
    EXPECT_TRUE(fs::is_directory(target / "inside"));
}

TEST(AtomicFile, DestinationTurnedDirectoryBeforeCommitRemovesTemporary) {
    // The destination becomes a directory after the temporary was created: the check before
    // the rename refuses it.
    TempDir dir;
    const fs::path target = dir / "late";
    AtomicFile file(target);
    file.write(std::string_view("data"));
    fs::create_directory(target);
    fs::create_directory(target / "x");
    const std::string message = errorOf([&] { file.commit(); });
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_NE(message.find("directory"), std::string::npos) << message;
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"late"});
}

// Issue 14, D1: a report or export path naming a device, a FIFO or a link is refused; before,
// the final rename replaced it with a regular file (as root, --report /dev/null replaced the
// system's /dev/null).
TEST(AtomicFile, RefusesFifoLinkAndDeviceDestinations) {
    TempDir dir;
    const fs::path fifo = dir / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    const fs::path target = dir / "target.json";
    writeFileAtomically(target, std::string_view("old"));
    const fs::path link = dir / "link.json";
    fs::create_symlink(target, link);
    for (const auto& [path, word] : {std::pair{fifo, "FIFO"}, std::pair{link, "symbolic link"}}) {
        const std::string message =
            errorOf([&] { writeFileAtomically(path, std::string_view("new")); });
        EXPECT_NE(message.find(path.string()), std::string::npos) << message;
        EXPECT_NE(message.find(word), std::string::npos) << message;
    }
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
    EXPECT_EQ(contentOf(target), "old");
    // A character device like /dev/null, made here where the user may (root, as in CI).
    const fs::path device = dir / "null";
    if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
        const std::string message =
            errorOf([&] { writeFileAtomically(device, std::string_view("new")); });
        EXPECT_NE(message.find("device"), std::string::npos) << message;
        EXPECT_TRUE(fs::is_character_file(fs::symlink_status(device)));
    }
    // No temporary left behind by any refusal.
    EXPECT_EQ(dir.entries().size(), fs::exists(device) ? 4U : 3U);
}

TEST(AtomicFile, RefusesProtectedInput) {
    TempDir dir;
    const fs::path input = dir / "input.dcm";
    test::writeBytes(input, "DICM original");
    const ProtectedPaths inputs = {dir / "other.dcm", input};

    // The same file named directly, through a "..", through a symlink, and a hard link.
    fs::create_directory(dir / "sub");
    fs::create_symlink(input, dir / "link.dcm");
    fs::create_hard_link(input, dir / "hard.dcm");
    for (const fs::path& target :
         {input, dir / "sub" / ".." / "input.dcm", dir / "link.dcm", dir / "hard.dcm"}) {
        const std::string message =
            errorOf([&] { writeFileAtomically(target, std::string_view("x"), inputs); });
        EXPECT_NE(message.find(target.string()), std::string::npos) << message;
        EXPECT_NE(message.find("input"), std::string::npos) << message;
        EXPECT_EQ(contentOf(input), "DICM original");
    }
    EXPECT_EQ(dir.entries(),
              (std::vector<std::string>{"hard.dcm", "input.dcm", "link.dcm", "sub"}));

    // Another file next to it is fine, and so is a protected path that does not exist.
    writeFileAtomically(dir / "mask.png", std::string_view("ok"), inputs);
    EXPECT_EQ(contentOf(dir / "mask.png"), "ok");
}

TEST(AtomicFile, RefusesWhenDestinationBecomesProtectedBeforeCommit) {
    TempDir dir;
    const fs::path input = dir / "input.dcm";
    const fs::path target = dir / "out.dcm";
    test::writeBytes(input, "original");
    AtomicFile file(target, {input});
    file.write(std::string_view("x"));
    fs::create_hard_link(input, target);  // now the destination *is* the input
    EXPECT_THROW(file.commit(), std::runtime_error);
    EXPECT_EQ(contentOf(input), "original");
    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"input.dcm", "out.dcm"}));
}

TEST(AtomicFile, LongFileNameStillFitsTemporaryName) {
    TempDir dir;
    const std::string name = std::string(250, 'n') + ".png";  // 254: just under NAME_MAX
    writeFileAtomically(dir / name, std::string_view("x"));
    EXPECT_EQ(dir.entries(), std::vector<std::string>{name});
}

TEST(AtomicFile, NewFileFollowsUmask) {
    TempDir dir;
    const fs::path target = dir / "perm.txt";
    const mode_t previous = ::umask(022);
    writeFileAtomically(target, std::string_view("x"));
    ::umask(previous);
    // 0666 & ~022, not the 0600 of a mkstemp() temporary.
    EXPECT_EQ(fs::status(target).permissions(), fs::perms::owner_read | fs::perms::owner_write |
                                                    fs::perms::group_read | fs::perms::others_read);
}

}  // namespace
}  // namespace xrayprep::io
