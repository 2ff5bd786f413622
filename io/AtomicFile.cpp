#include "io/AtomicFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>
#include <system_error>

namespace xrayprep::io {

namespace fs = std::filesystem;

namespace {

// Built by appending: GCC 12 gives a false -Wrestrict for "literal" + std::string&&.
std::string quoted(const fs::path& p) {
    std::string q(1, '\'');
    q += p.string();
    q += '\'';
    return q;
}

// A name no other writer (thread or process) is likely to pick; O_EXCL settles any collision.
fs::path temporaryNameFor(const fs::path& destination) {
    static std::atomic<unsigned> counter{0};
    static thread_local std::mt19937_64 random{std::random_device{}()};
    const std::uint64_t tag =
        random() ^ (std::uint64_t{counter++} << 48) ^ static_cast<std::uint64_t>(::getpid());
    char hex[17];
    for (int i = 0; i < 16; ++i) hex[i] = "0123456789abcdef"[(tag >> (4 * i)) & 0xFu];
    hex[16] = '\0';
    const fs::path folder =
        destination.parent_path().empty() ? fs::path(".") : destination.parent_path();
    std::string name(1, '.');
    // Shortened so that the name stays within NAME_MAX (255) with the suffix.
    name += destination.filename().string().substr(0, 200);
    name += ".tmp-";
    name += hex;
    return folder / name;
}

}  // namespace

void refuseProtectedDestination(const fs::path& destination, const ProtectedPaths& protectedPaths) {
    for (const fs::path& input : protectedPaths) {
        std::error_code ec;  // a missing file on either side is not a match
        if (fs::equivalent(destination, input, ec) && !ec) {
            throw std::runtime_error("refusing to write " + quoted(destination) +
                                     ": it is the input file " + quoted(input));
        }
    }
}

void refuseNonRegularDestination(const fs::path& destination) {
    std::error_code ec;
    const fs::file_status st = fs::symlink_status(destination, ec);
    if (ec || !fs::exists(st) || fs::is_regular_file(st)) return;
    const char* what = fs::is_symlink(st)     ? "a symbolic link"
                       : fs::is_directory(st) ? "an existing directory"
                       : fs::is_fifo(st)      ? "a FIFO"
                       : fs::is_socket(st)    ? "a socket"
                       : fs::is_character_file(st) || fs::is_block_file(st) ? "a device"
                                                                            : "not a regular file";
    throw std::runtime_error("cannot write " + quoted(destination) + ": it is " + what +
                             "; only a regular file is replaced");
}

AtomicFile::AtomicFile(fs::path destination, const ProtectedPaths& protectedPaths)
    : destination_(std::move(destination)), protected_(protectedPaths) {
    if (destination_.empty() || !destination_.has_filename()) {
        throw std::runtime_error("cannot write " + quoted(destination_) + ": not a file name");
    }
    refuseProtectedDestination(destination_, protected_);
    refuseNonRegularDestination(destination_);
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        temporary_ = temporaryNameFor(destination_);
        fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ < 0 && errno != EEXIST) break;
    }
    if (fd_ < 0) {
        const int err = errno;
        throw std::runtime_error("cannot write " + quoted(destination_) +
                                 ": cannot create temporary file " + quoted(temporary_) + ": " +
                                 std::strerror(err));
    }
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) {
        ::close(fd_);
        ::unlink(temporary_.c_str());
    }
}

void AtomicFile::fail(const std::string& what, int errorNumber) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    ::unlink(temporary_.c_str());
    throw std::runtime_error(
        "cannot write " + quoted(destination_) + ": " + what +
        (errorNumber != 0 ? std::string(": ") + std::strerror(errorNumber) : std::string()));
}

void AtomicFile::requireOpen() const {
    if (fd_ < 0) {
        throw std::logic_error("AtomicFile for " + quoted(destination_) +
                               " is already committed or failed");
    }
}

void AtomicFile::write(std::span<const std::uint8_t> bytes) {
    requireOpen();
    std::size_t done = 0;
    while (done < bytes.size()) {
        // Large writes may be cut short; keep each request well inside ssize_t.
        const std::size_t request = std::min<std::size_t>(bytes.size() - done, 1u << 30);
        const ssize_t n = ::write(fd_, bytes.data() + done, request);
        if (n < 0) {
            const int err = errno;
            if (err == EINTR) continue;
            fail("write to temporary file " + quoted(temporary_) + " failed", err);
        }
        if (n == 0) fail("write to temporary file " + quoted(temporary_) + " made no progress", 0);
        done += static_cast<std::size_t>(n);
    }
}

void AtomicFile::write(std::string_view text) {
    write(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

void AtomicFile::commit() {
    requireOpen();
    // fsync first: a rename that reaches the disk before the data would leave an empty file
    // after a crash. Write errors such as ENOSPC may only show up here or at close.
    if (::fsync(fd_) != 0) {
        const int err = errno;
        fail("flushing " + quoted(temporary_) + " failed", err);
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(temporary_.c_str());
        throw std::runtime_error("cannot write " + quoted(destination_) + ": closing " +
                                 quoted(temporary_) + " failed: " + std::strerror(err));
    }
    try {
        // Again, just before replacing: the destination may have changed since we opened.
        refuseProtectedDestination(destination_, protected_);
        refuseNonRegularDestination(destination_);
    } catch (...) {
        ::unlink(temporary_.c_str());
        throw;
    }
    if (::rename(temporary_.c_str(), destination_.c_str()) != 0) {
        const int err = errno;
        ::unlink(temporary_.c_str());
        throw std::runtime_error("cannot write " + quoted(destination_) + ": renaming " +
                                 quoted(temporary_) + " failed: " + std::strerror(err));
    }
}

void writeFileAtomically(const fs::path& destination, std::span<const std::uint8_t> bytes,
                         const ProtectedPaths& protectedPaths) {
    AtomicFile file(destination, protectedPaths);
    file.write(bytes);
    file.commit();
}

void writeFileAtomically(const fs::path& destination, std::string_view text,
                         const ProtectedPaths& protectedPaths) {
    AtomicFile file(destination, protectedPaths);
    file.write(text);
    file.commit();
}

}  // namespace xrayprep::io
