#pragma once

#include <string>
#include <string_view>

namespace xrayprep::mesh_export {

// Text for XML or HTML content and double-quoted attributes: & < > " escaped, control
// characters replaced by spaces.
[[nodiscard]] std::string escapeMarkup(std::string_view text);

}  // namespace xrayprep::mesh_export
