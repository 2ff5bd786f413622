#pragma once

#include <string>

namespace xrayprep::app {

// The git commit the programs were built from ("3f2a9c1d0b7e", "-dirty" appended when the tree
// had uncommitted changes, "unknown" for a build outside git), written at build time by
// cmake/WriteGitCommit.cmake.
[[nodiscard]] std::string gitCommit();

// What `--version` prints: "PROGRAM VERSION (git COMMIT)".
[[nodiscard]] std::string versionText(const std::string& program);

}  // namespace xrayprep::app
