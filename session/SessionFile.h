#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "io/AtomicFile.h"
#include "session/Session.h"

namespace xrayprep::session {

// A session file that cannot be read, or whose input is no longer the one it was saved with.
class SessionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Session files (*.xrayprep-session): JSON with the format name and version, the application,
// the input (path, SHA-256, frame), the parameters as a preset holds them, the seeds and box,
// and the name and SHA-256 of the edit layer: a PNG (8-bit grey, 0 none, 1 added, 2 removed:
// lossless) beside it, "<session file name>.edits.png", written only when there are edits.
// Relative input paths are read relative to the session file's folder.
class SessionFile {
  public:
    static constexpr const char* kExtension = ".xrayprep-session";
    static constexpr int kFormatVersion = 1;

    // Writes the edit layer, then the JSON, each atomically; never over a protected path (the
    // input). std::runtime_error naming the file on failure.
    static void save(const Session& session, const std::filesystem::path& file,
                     const io::ProtectedPaths& protectedPaths = {});
    // Reads a session and its edit layer. SessionError naming the file and the problem: not a
    // session, a newer format, a bad parameter, an edit layer missing, changed or malformed.
    [[nodiscard]] static Session load(const std::filesystem::path& file);
    // Throws SessionError unless the session's input file exists and still has the SHA-256 it
    // was saved with (a sample is always the same).
    static void verifyInput(const Session& session);
    // The edit layer's file for a session file.
    [[nodiscard]] static std::filesystem::path editsPath(const std::filesystem::path& file);
};

}  // namespace xrayprep::session
