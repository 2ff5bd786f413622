#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace xrayprep::app {

// A sub-command's arguments: positionals and --options (flags or with a value; "--x=v" and
// "--x v" both work). Unknown options are usage errors.
class ArgumentList {
  public:
    // valueOptions take a value; flagOptions don't. Throws UsageError.
    ArgumentList(const std::vector<std::string>& args, const std::set<std::string>& valueOptions,
                 const std::set<std::string>& flagOptions);

    [[nodiscard]] const std::vector<std::string>& positionals() const { return positionals_; }
    [[nodiscard]] bool flag(const std::string& name) const;
    [[nodiscard]] std::optional<std::string> value(const std::string& name) const;  // last one
    [[nodiscard]] std::vector<std::string> values(const std::string& name) const;   // all
    [[nodiscard]] int intValue(const std::string& name, int fallback, int lo, int hi) const;

  private:
    std::vector<std::string> positionals_;
    std::vector<std::pair<std::string, std::string>> options_;
};

}  // namespace xrayprep::app
