#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace xrayprep::app {

// Small helpers that declare a sub-command's options on CLI11 the same way everywhere: long
// names only, help text, the value's name in the help, validation by CLI11 (ranges, choices),
// and an option given twice taking its last value (repeatable ones keep every value).

inline CLI::Option* valueOption(CLI::App& command, const std::string& name,
                                const std::string& valueName, const std::string& help) {
    return command.add_option("--" + name)
        ->description(help)
        ->type_name(valueName)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

inline CLI::Option* repeatableOption(CLI::App& command, const std::string& name,
                                     const std::string& valueName, const std::string& help) {
    return command.add_option("--" + name)
        ->description(help + " (repeatable)")
        ->type_name(valueName)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

inline CLI::Option* integerOption(CLI::App& command, const std::string& name, int lo, int hi,
                                  const std::string& help) {
    return valueOption(command, name, "N", help)->check(CLI::Range(lo, hi));
}

inline CLI::Option* choiceOption(CLI::App& command, const std::string& name,
                                 const std::vector<std::string>& choices, const std::string& help) {
    return valueOption(command, name, "NAME", help)->check(CLI::IsMember(choices));
}

inline CLI::Option* flagOption(CLI::App& command, const std::string& name,
                               const std::string& help) {
    return command.add_flag("--" + name, help);
}

// The sub-command's positional arguments, known as INPUT (ParsedArguments::positionals): at
// most one when `most` is 1, any number otherwise.
inline CLI::Option* inputArguments(CLI::App& command, const std::string& help, int most) {
    // Not required: a sub-command says what it needs (run --session names its input). CLI11 2.1
    // hands values to a positional that may be absent only with allow_extra_args().
    CLI::Option* option = command.add_option("INPUT")->description(help)->type_name("INPUT");
    return option->allow_extra_args()->expected(
        0, most == 1 ? 1 : CLI::detail::expected_max_vector_size);
}

}  // namespace xrayprep::app
