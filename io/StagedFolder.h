#pragma once

#include <filesystem>

#include "io/AtomicFile.h"

namespace xrayprep::io {

// A folder of outputs that appears all at once. Files are written into a hidden staging folder
// beside the destination; commit() swaps it with the destination in one atomic rename
// (renameat2 RENAME_EXCHANGE; two renames where the file system lacks it), then removes what
// was there before. Readers, and other runs writing the same destination, therefore see the old
// set or the new one, never a mix: two runs into one --out left PNGs of one beside the mesh of
// the other, and a re-run that ran out of disk left new PNGs beside an old report.json.
// Destroying an uncommitted StagedFolder (a failure, an exception, a cancelled run) removes the
// staging folder and leaves the destination as it was. Throws std::runtime_error naming the
// folder and the reason.
class StagedFolder {
  public:
    // Creates the staging folder (and the destination's parent folders).
    StagedFolder(std::filesystem::path destination, ProtectedPaths protectedPaths);
    ~StagedFolder();
    StagedFolder(const StagedFolder&) = delete;
    StagedFolder& operator=(const StagedFolder&) = delete;

    // Where the outputs are written until commit().
    [[nodiscard]] const std::filesystem::path& path() const { return staging_; }
    [[nodiscard]] const std::filesystem::path& destination() const { return destination_; }

    // Replaces the destination folder with the staged one. Refused (the destination left
    // alone) when the destination is not a folder, or holds one of the protected files (an
    // input inside its own output folder would be deleted with the old set).
    void commit();

    // Staging folders are named ".<destination name>.staging-<pid>-<random>"; the prefix tells
    // a leftover of a killed run from outputs.
    static constexpr const char* kMarker = ".staging-";

  private:
    void refuseHoldingAnInput() const;

    std::filesystem::path destination_;
    std::filesystem::path staging_;
    ProtectedPaths protected_;
    bool committed_ = false;
};

}  // namespace xrayprep::io
