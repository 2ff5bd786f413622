#include "app/cli/ParsedArguments.h"

#include <CLI/CLI.hpp>

namespace xrayprep::app {

namespace {

// The name CLI11 knows the positional arguments by, in every sub-command.
constexpr const char* kPositionals = "INPUT";

}  // namespace

std::vector<std::string> ParsedArguments::positionals() const {
    const CLI::Option* option = command_.get_option_no_throw(kPositionals);
    return option != nullptr ? option->results() : std::vector<std::string>{};
}

bool ParsedArguments::flag(const std::string& name) const {
    return command_.get_option("--" + name)->count() > 0;
}

std::optional<std::string> ParsedArguments::value(const std::string& name) const {
    const std::vector<std::string> all = values(name);
    if (all.empty()) return std::nullopt;
    return all.back();
}

std::vector<std::string> ParsedArguments::values(const std::string& name) const {
    return command_.get_option("--" + name)->results();
}

int ParsedArguments::intValue(const std::string& name, int fallback) const {
    const auto text = value(name);
    return text ? std::stoi(*text) : fallback;
}

}  // namespace xrayprep::app
