#pragma once

#include <string>
#include <string_view>

namespace xrayprep::io {

// Text for XML or HTML content and double-quoted attributes: & < > " escaped, control
// characters replaced by spaces.
[[nodiscard]] std::string escapeMarkup(std::string_view text);

}  // namespace xrayprep::io
