#pragma once

#include <string>
#include <vector>

namespace xrayprep::app {

// Each returns the process exit code: 0 ok, 1 some inputs failed, 2 usage error (thrown as
// UsageError and turned into 2 by main).
int runPhantomCommand(const std::vector<std::string>& args);
int runRunCommand(const std::vector<std::string>& args);
int runBenchCommand(const std::vector<std::string>& args);
int runPhantomEvalCommand(const std::vector<std::string>& args);

}  // namespace xrayprep::app
