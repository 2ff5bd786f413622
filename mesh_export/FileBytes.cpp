#include "mesh_export/FileBytes.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

namespace xrayprep::mesh_export {

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

}  // namespace xrayprep::mesh_export
