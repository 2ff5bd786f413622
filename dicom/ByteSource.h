#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace xrayprep::dicom {

// Random access to the bytes the pre-scan walks. The walk reads element headers only and
// skips values by their length, so a file-backed source reads a few kilobytes of a file whose
// pixel data (or trailing junk) is gigabytes; a span source serves bytes already in memory.
class ByteSource {
  public:
    virtual ~ByteSource() = default;
    [[nodiscard]] virtual std::size_t size() const = 0;
    // At least n bytes from pos (pos + n <= size(), n <= kMaxRead); valid until the next call.
    // Throws std::runtime_error when the bytes cannot be read.
    [[nodiscard]] virtual const std::uint8_t* at(std::size_t pos, std::size_t n) = 0;

    static constexpr std::size_t kMaxRead = 4096;
};

class SpanByteSource final : public ByteSource {
  public:
    explicit SpanByteSource(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    [[nodiscard]] std::size_t size() const override { return bytes_.size(); }
    [[nodiscard]] const std::uint8_t* at(std::size_t pos, std::size_t) override {
        return bytes_.data() + pos;
    }

  private:
    std::span<const std::uint8_t> bytes_;
};

}  // namespace xrayprep::dicom
