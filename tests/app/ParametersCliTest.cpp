// `xrayprep-cli parameters`: the table --set and presets read. docs/PARAMETERS.md is its
// --markdown output (`run --help` sends users there through the command); this keeps them equal.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/app/CliProcess.h"

using xrayprep::test_support::runCliProcess;

TEST(ParametersCli, DocsParametersIsTheCommandsMarkdown) {
    const auto r = runCliProcess({"parameters", "--markdown"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::ifstream in(std::filesystem::path(XRAYPREP_SOURCE_DIR) / "docs" / "PARAMETERS.md");
    std::stringstream doc;
    doc << in.rdbuf();
    EXPECT_EQ(doc.str(), r.output)
        << "regenerate: build/app/xrayprep-cli parameters --markdown > docs/PARAMETERS.md";
}

TEST(ParametersCli, ListsEachParameterWithItsDefaultAndRange) {
    const auto r = runCliProcess({"parameters"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    // Known defaults (SPEC and README): a 2 mm median, the background threshold, 200 ESF steps.
    for (const char* line :
         {"median.sizeMm = 2 mm", "threshold.method = background", "esf.iterations = 200"}) {
        EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
    }
    EXPECT_NE(r.output.find("otsu"), std::string::npos);  // a choice's alternatives are listed
}
