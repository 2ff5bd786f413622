#include "io/FileBytes.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace xrayprep::io {

std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path) {
    const auto failure = [&](const char* what) {
        return std::runtime_error("cannot read '" + path.string() + "': " + what + ": " +
                                  std::strerror(errno));
    };
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) throw failure("open failed");
    std::vector<std::uint8_t> bytes;
    std::uint8_t buffer[1 << 16];
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get());
        bytes.insert(bytes.end(), buffer, buffer + n);
        if (n < sizeof buffer) {
            if (std::ferror(file.get())) throw failure("read failed");
            break;
        }
    }
    return bytes;
}

std::string readSmallRegularFile(const std::filesystem::path& path, std::size_t maxBytes) {
    const auto fail = [&](const std::string& what) {
        return std::runtime_error("cannot read '" + path.string() + "': " + what);
    };
    struct Descriptor {  // closes the file on every way out
        int fd;
        ~Descriptor() {
            if (fd >= 0) ::close(fd);
        }
    } const file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    const int fd = file.fd;
    if (fd < 0) throw fail(std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw fail(std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw fail("not a regular file");
    if (static_cast<std::uintmax_t>(st.st_size) > maxBytes) {
        throw fail("larger than " + std::to_string(maxBytes) + " bytes");
    }
    std::string text;
    char buffer[1 << 14];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail(std::strerror(errno));
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        // The size was checked, but a file may grow while it is read.
        if (text.size() > maxBytes)
            throw fail("larger than " + std::to_string(maxBytes) + " bytes");
    }
    return text;
}

}  // namespace xrayprep::io
