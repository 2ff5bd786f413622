#pragma once

#include <string>
#include <string_view>

namespace xrayprep::processing {

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
[[nodiscard]] bool isValidUtf8(std::string_view text);

// `text` made safe to print on a terminal or in a log: control characters (C0, DEL and the C1
// range U+0080..U+009F, which some terminals obey as escape sequences) and bytes that are not
// valid UTF-8 are written as \xNN; other UTF-8 (names in any script) is kept. A file field
// such as a transfer syntax UID with escape codes in it then cannot drive the terminal.
[[nodiscard]] std::string printableText(std::string_view text);

}  // namespace xrayprep::processing
