// The command lines of xrayprep-cli and xrayprep, parsed by CLI11 (issue 14): generated help
// for every sub-command naming each of its options, validation with one error style and exit
// code 2, and the application's --threads checked (it was taken as given).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

using xrayprep::test_support::runCliProcess;

namespace {

struct Command {
    std::string name;
    std::vector<std::string> options;
};

const std::vector<Command> kCommands = {
    {"run",
     {"--out", "--backend", "--threads", "--jobs", "--set", "--preset", "--save-stages", "--report",
      "--frame", "--export", "--anonymize", "--gallery", "--session", "--shard"}},
    {"bench", {"--backends", "--repeat", "--json", "--threads", "--set", "--frame", "--load"}},
    {"phantom",
     {"--out", "--truth", "--png", "--view", "--model", "--variations", "--photometric", "--size",
      "--seed", "--bits", "--no-spacing"}},
    {"phantom-eval",
     {"--views", "--variations", "--combination", "--seeds", "--size", "--backend", "--threads",
      "--jobs", "--set", "--json", "--markdown", "--save-worst", "--contact", "--outlines",
      "--through-dicom", "--list", "--list-variations"}},
};

}  // namespace

TEST(CommandLine, EverySubCommandHasHelpNamingEachOption) {
    for (const Command& c : kCommands) {
        SCOPED_TRACE(c.name);
        const auto r = runCliProcess({c.name, "--help"});
        EXPECT_EQ(r.exitCode, 0) << r.output;
        EXPECT_NE(r.output.find("Usage: xrayprep-cli " + c.name), std::string::npos) << r.output;
        for (const std::string& option : c.options) {
            EXPECT_NE(r.output.find("  " + option + " "), std::string::npos)
                << option << " missing from\n"
                << r.output;
        }
    }
    const auto top = runCliProcess({"--help"});
    EXPECT_EQ(top.exitCode, 0);
    for (const Command& c : kCommands)
        EXPECT_NE(top.output.find("  " + c.name + " "), std::string::npos);
}

TEST(CommandLine, BadArgumentsAreUsageErrorsInOneStyle) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"run", "sample:planar", "--out", "o", "--threads", "5000"}, "--threads"},
        {{"run", "sample:planar", "--out", "o", "--jobs", "x"}, "--jobs"},
        {{"run", "sample:planar", "--out", "o", "--backend", "quantum"}, "--backend"},
        {{"run", "sample:planar", "--out", "o", "--bogus"}, "--bogus"},
        {{"bench", "a.dcm", "b.dcm"}, "INPUT"},
        {{"phantom", "--out", "p.dcm", "--view", "top"}, "--view"},
        {{"phantom-eval", "--seeds", "0"}, "--seeds"},
        {{"frobnicate"}, "unknown command 'frobnicate'"},
    };
    for (const auto& [args, words] : cases) {
        SCOPED_TRACE(args.front() + " ... " + words);
        const auto r = runCliProcess(args);
        EXPECT_EQ(r.exitCode, 2) << r.output;
        EXPECT_EQ(r.output.rfind("xrayprep-cli: ", 0), 0u) << r.output;
        EXPECT_NE(r.output.find(words), std::string::npos) << r.output;
        EXPECT_NE(r.output.find("--help' for the options"), std::string::npos) << r.output;
    }
}

TEST(CommandLine, OptionsTakeTheirValueEitherWayAndTheLastOneWins) {
    xrayprep::test_support::TempDir dir;
    const auto r = runCliProcess({"run", "sample:planar:200x200", "--out", "unused",
                                  "--out=" + (dir.path() / "o").string(), "--set", "median.size=5",
                                  "--set=esf.iterations=10"});
    EXPECT_TRUE(xrayprep::test_support::everyInputProcessed(r.exitCode)) << r.output;
    EXPECT_TRUE(std::filesystem::is_directory(dir.path() / "o" / "sample-planar:200x200"));
}

TEST(CommandLine, TheApplicationValidatesItsOptionsToo) {
    // Issue 14: the application's --threads was taken as given. Parsed before any window
    // opens; offscreen, so no display is needed.
    ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    const auto threads =
        xrayprep::test_support::runProcess(XRAYPREP_GUI_PATH, {"--threads", "5000"});
    EXPECT_EQ(threads.exitCode, 2) << threads.output;
    EXPECT_NE(threads.output.find("xrayprep: --threads: Value 5000 not in range 0 to 1024"),
              std::string::npos)
        << threads.output;
    const auto size = xrayprep::test_support::runProcess(XRAYPREP_GUI_PATH, {"--size", "12"});
    EXPECT_EQ(size.exitCode, 2) << size.output;
    const auto help = xrayprep::test_support::runProcess(XRAYPREP_GUI_PATH, {"--help"});
    EXPECT_EQ(help.exitCode, 0) << help.output;
    for (const char* option : {"--sample", "--backend", "--threads", "--screenshots", "--size"}) {
        EXPECT_NE(help.output.find(option), std::string::npos) << option;
    }
}

// Issue 15: both programs say which commit they were built from. The commit is asked of git
// here, independently of the build's own reading; a build outside git says "unknown".
TEST(CommandLine, BothProgramsPrintTheVersionAndTheGitCommit) {
    std::string commit = "unknown";
    const std::string ask =
        "git -C '" XRAYPREP_SOURCE_DIR "' rev-parse --short=12 HEAD 2>/dev/null";
    if (FILE* pipe = ::popen(ask.c_str(), "r")) {
        char line[64] = {};
        if (std::fgets(line, sizeof line, pipe) && std::strlen(line) >= 12) {
            commit = std::string(line, 12);
        }
        ::pclose(pipe);
    }
    ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    for (const char* program : {XRAYPREP_CLI_PATH, XRAYPREP_GUI_PATH}) {
        const auto r = xrayprep::test_support::runProcess(program, {"--version"});
        EXPECT_EQ(r.exitCode, 0) << r.output;
        const std::string name = std::string(program).substr(std::string(program).rfind('/') + 1);
        const std::string expected = name + " " + XRAYPREP_VERSION_TEXT + " (git " + commit;
        EXPECT_NE(r.output.find(expected), std::string::npos) << r.output << " vs " << expected;
    }
}
