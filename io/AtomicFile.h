#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xrayprep::io {

// Files an export must never overwrite, typically the input DICOM file(s).
using ProtectedPaths = std::vector<std::filesystem::path>;

// Throws std::runtime_error when `destination` is an existing file that is the same file as
// one of `protectedPaths` (std::filesystem::equivalent: follows links, sees hard links).
void refuseProtectedDestination(const std::filesystem::path& destination,
                                const ProtectedPaths& protectedPaths);

// Throws std::runtime_error when `destination` exists and is not a regular file: a device
// (a report written to /dev/null by root would replace the system's /dev/null), a FIFO, a
// socket, a directory or a symbolic link (the rename would replace the link, not its target).
void refuseNonRegularDestination(const std::filesystem::path& destination);

// Writes a file so that readers see either the old content or the complete new one, never a
// partial file: the bytes go to a temporary file in the destination's folder, which is flushed
// to disk, closed and then renamed over the destination by commit(), which replaces only a
// regular file (refuseNonRegularDestination, checked when opening and again before the rename). On
// any failure the temporary is removed and std::runtime_error names the destination and the reason
// (errno text). Destroying an AtomicFile that was not committed removes the temporary and leaves
// the destination untouched. The new file gets the default permissions (0666 & ~umask).
class AtomicFile {
  public:
    explicit AtomicFile(std::filesystem::path destination,
                        const ProtectedPaths& protectedPaths = {});
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::span<const std::uint8_t> bytes);
    void write(std::string_view text);
    // Flushes, closes and renames over the destination. The object is spent afterwards.
    void commit();

    [[nodiscard]] const std::filesystem::path& destination() const { return destination_; }
    [[nodiscard]] const std::filesystem::path& temporaryPath() const { return temporary_; }

  private:
    // Closes and removes the temporary, then throws naming the destination and errno's text.
    [[noreturn]] void fail(const std::string& what, int errorNumber);
    void requireOpen() const;

    std::filesystem::path destination_;
    std::filesystem::path temporary_;
    ProtectedPaths protected_;
    int fd_ = -1;
};

// One-call forms: the whole content at once.
void writeFileAtomically(const std::filesystem::path& destination,
                         std::span<const std::uint8_t> bytes,
                         const ProtectedPaths& protectedPaths = {});
void writeFileAtomically(const std::filesystem::path& destination, std::string_view text,
                         const ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::io
