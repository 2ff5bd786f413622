#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "dicom/ByteSource.h"

namespace xrayprep::dicom {

// A regular file read on demand through a 64 KiB window, for the pre-scan: memory stays at the
// window whatever the file's size (a valid header followed by gigabytes of zeros costs the
// header). Move-only; the descriptor is closed on destruction. The constructor throws
// std::runtime_error (a plain reason, no path) for a missing, non-regular or too large file.
class FileByteSource final : public ByteSource {
  public:
    FileByteSource(const std::filesystem::path& file, std::uint64_t maxBytes);
    ~FileByteSource() override;
    FileByteSource(FileByteSource&& other) noexcept;
    FileByteSource& operator=(FileByteSource&&) = delete;
    FileByteSource(const FileByteSource&) = delete;
    FileByteSource& operator=(const FileByteSource&) = delete;

    [[nodiscard]] std::size_t size() const override { return size_; }
    [[nodiscard]] const std::uint8_t* at(std::size_t pos, std::size_t n) override;
    // Bytes [pos, pos + n) copied out (for the deflated dataset and a truncated parse).
    [[nodiscard]] std::vector<std::uint8_t> copy(std::size_t pos, std::size_t n) const;

  private:
    int fd_ = -1;
    std::size_t size_ = 0;
    std::vector<std::uint8_t> window_;
    std::size_t windowStart_ = 0;
    std::size_t windowLength_ = 0;
};

}  // namespace xrayprep::dicom
