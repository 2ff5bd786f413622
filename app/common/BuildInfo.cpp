#include "app/common/BuildInfo.h"

namespace xrayprep::app {

extern const char* const kGitCommit;  // the generated GitCommit.cpp

std::string gitCommit() { return kGitCommit; }

std::string versionText(const std::string& program) {
    return program + " " + XRAYPREP_VERSION + " (git " + gitCommit() + ")";
}

}  // namespace xrayprep::app
