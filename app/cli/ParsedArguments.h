#pragma once

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace xrayprep::app {

// One sub-command's arguments as CLI11 parsed and validated them (ranges, choices: the
// declarations in each command's file), read by name ("out" for --out). Values of an option
// given more than once: value() takes the last, values() all of them.
class ParsedArguments {
  public:
    explicit ParsedArguments(const CLI::App& command) : command_(command) {}

    [[nodiscard]] std::vector<std::string> positionals() const;
    [[nodiscard]] bool flag(const std::string& name) const;
    [[nodiscard]] std::optional<std::string> value(const std::string& name) const;
    [[nodiscard]] std::vector<std::string> values(const std::string& name) const;
    // The value as an integer (CLI11 checked its range), or `fallback` when not given.
    [[nodiscard]] int intValue(const std::string& name, int fallback) const;

  private:
    const CLI::App& command_;
};

}  // namespace xrayprep::app
