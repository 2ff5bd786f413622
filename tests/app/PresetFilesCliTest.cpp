// The sample presets the package installs (resources/presets, issue 15) load through
// `run --preset`; defaults.json gives exactly the built-in defaults, so it is a faithful
// template, and no preset names a parameter the table does not know.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::runCliProcess;

namespace {

const fs::path kPresets = fs::path(XRAYPREP_SOURCE_DIR) / "resources" / "presets";

// The parameters a run used, from its --report.
xrayprep::processing::Json parametersOfRun(const fs::path& dir, const std::string& preset) {
    std::vector<std::string> args = {"run",      "sample:planar:96x96",    "--out", dir.string(),
                                     "--report", (dir / "r.json").string()};
    if (!preset.empty()) args.insert(args.end(), {"--preset", preset});
    const auto r = runCliProcess(args);
    EXPECT_TRUE(everyInputProcessed(r.exitCode)) << preset << ": " << r.output;
    std::ifstream in(dir / "r.json");
    std::stringstream text;
    text << in.rdbuf();
    return xrayprep::processing::parseJson(text.str()).at("parameters");
}

}  // namespace

TEST(PresetFiles, EverySamplePresetRunsAndDefaultsIsTheDefaults) {
    xrayprep::test_support::TempDir dir;
    const auto builtIn = parametersOfRun(dir.path() / "none", "");
    int presets = 0;
    for (const auto& e : fs::directory_iterator(kPresets)) {
        if (e.path().extension() != ".json") continue;
        ++presets;
        const auto used = parametersOfRun(dir.path() / e.path().stem(), e.path().string());
        if (e.path().filename() == "defaults.json") {
            EXPECT_EQ(used, builtIn) << "defaults.json differs from the built-in defaults";
        } else {
            EXPECT_NE(used, builtIn) << e.path() << " changes nothing";
        }
    }
    EXPECT_GE(presets, 2);
}
