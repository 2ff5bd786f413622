#include "dicom/FileByteSource.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace xrayprep::dicom {
namespace {

constexpr std::size_t kWindowBytes = 64 * 1024;

// pread until n bytes or the end; false on an error or a file that shrank under us.
bool readFully(int fd, std::uint8_t* out, std::size_t n, std::size_t offset) {
    while (n > 0) {
        const ssize_t got = ::pread(fd, out, n, static_cast<off_t>(offset));
        if (got <= 0) return false;
        out += got;
        offset += static_cast<std::size_t>(got);
        n -= static_cast<std::size_t>(got);
    }
    return true;
}

}  // namespace

FileByteSource::FileByteSource(const std::filesystem::path& file, std::uint64_t maxBytes) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status)) throw std::runtime_error("file not found");
    if (!std::filesystem::is_regular_file(status)) throw std::runtime_error("not a regular file");
    // O_NONBLOCK: the path may have been swapped for a FIFO since the check above.
    fd_ = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd_ < 0) throw std::runtime_error("cannot open the file");
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd_);
        throw std::runtime_error("not a regular file");
    }
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > maxBytes) {
        ::close(fd_);
        throw std::runtime_error("file larger than " + std::to_string(maxBytes >> 30) + " GiB");
    }
    size_ = static_cast<std::size_t>(size);
}

FileByteSource::~FileByteSource() {
    if (fd_ >= 0) ::close(fd_);
}

FileByteSource::FileByteSource(FileByteSource&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      size_(other.size_),
      window_(std::move(other.window_)),
      windowStart_(other.windowStart_),
      windowLength_(other.windowLength_) {}

const std::uint8_t* FileByteSource::at(std::size_t pos, std::size_t n) {
    if (pos >= windowStart_ && pos + n <= windowStart_ + windowLength_) {
        return window_.data() + (pos - windowStart_);
    }
    window_.resize(kWindowBytes);
    windowStart_ = pos;
    windowLength_ = std::min(kWindowBytes, size_ - std::min(pos, size_));
    if (n > windowLength_ || !readFully(fd_, window_.data(), windowLength_, pos)) {
        windowLength_ = 0;
        throw std::runtime_error("cannot read the file (changed while being read?)");
    }
    return window_.data();
}

std::vector<std::uint8_t> FileByteSource::copy(std::size_t pos, std::size_t n) const {
    if (pos > size_ || n > size_ - pos) throw std::runtime_error("read past the end of the file");
    std::vector<std::uint8_t> out(n);
    if (!readFully(fd_, out.data(), n, pos)) {
        throw std::runtime_error("cannot read the file (changed while being read?)");
    }
    return out;
}

}  // namespace xrayprep::dicom
