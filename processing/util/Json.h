#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace xrayprep::processing {

// Presets, sessions and reports. Objects keep insertion order: reports read better that way,
// and a saved preset lists the parameters as the registry does.
using Json = nlohmann::ordered_json;

// Parses a whole document. Throws std::runtime_error("JSON parse error at line L, column C:
// ...") on malformed text, so callers can prefix the file's name and never see nlohmann's own
// exception types.
[[nodiscard]] Json parseJson(const std::string& text);

// Pretty-printed with that many spaces per level, or compact when indent < 0. Whole numbers
// print without ".0" (reports and presets always did, and the docs show them that way), NaN and
// infinities as null, and a string that is not UTF-8 (a file name from the command line) with
// U+FFFD in place of the bad bytes instead of throwing.
[[nodiscard]] std::string dumpJson(const Json& value, int indent = 2);

}  // namespace xrayprep::processing
