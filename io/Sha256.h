#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace xrayprep::io {

// SHA-256 (FIPS 180-4) as 64 lower-case hex digits; for the report's input fingerprint.
[[nodiscard]] std::string sha256Hex(std::span<const std::uint8_t> bytes);
// Of a file's whole content, read in blocks; std::runtime_error naming the file on failure.
[[nodiscard]] std::string sha256HexOfFile(const std::filesystem::path& path);

}  // namespace xrayprep::io
