#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace xrayprep::io {

// The whole content of a file; std::runtime_error naming the path and the reason on failure.
[[nodiscard]] std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path);

// The content of a small settings file (a preset): it must be a regular file (a FIFO would
// block for ever, /dev/zero never ends) of at most maxBytes. Opened without blocking and
// checked on the open descriptor, so a file swapped for a FIFO after a check cannot block
// either. std::runtime_error naming the path and the problem.
[[nodiscard]] std::string readSmallRegularFile(const std::filesystem::path& path,
                                               std::size_t maxBytes);

}  // namespace xrayprep::io
