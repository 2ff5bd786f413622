#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace xrayprep::mesh_export {

// The whole content of a file; std::runtime_error naming the path and the reason on failure.
[[nodiscard]] std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path);

}  // namespace xrayprep::mesh_export
