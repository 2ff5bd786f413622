#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/quality/QualityReport.h"

namespace xrayprep::exports {

inline constexpr const char* kGalleryFile = "index.html";

enum class GalleryStatus { Ok, NeedsReview, Failed };

// "ok", "needs-review", "failed": the report's and the page's word for it.
[[nodiscard]] const char* toString(GalleryStatus status);

// One input of a batch as the review gallery shows it.
struct GalleryTile {
    std::string name;    // the input's file name
    std::string folder;  // its output folder, relative to the gallery's folder (one name)
    GalleryStatus status = GalleryStatus::Ok;
    double seconds = 0.0;                          // load, pipeline and outputs
    std::vector<processing::QualityCheck> checks;  // none when it failed before the checks
    std::string error;                             // why it failed
    bool hasThumbnails = false;  // folder/gallery-original.png and gallery-final.png exist
    std::string sheet;  // the contact sheet's file name in the folder, which the tile opens
                        // ("": none, the tile links nowhere)
};

// The review gallery of a batch: one HTML page with inline CSS and script, no other assets and
// nothing from the network, that works opened from the file system. One tile per input: the
// original with the mask outline and the final image (thumbnails in the input's folder), a
// badge (ok / needs review / failed), the time, every check (failed ones highlighted) or the
// error; a tile opens the input's contact sheet. The page filters by status and by failed
// check and sorts by name, time or status. Every name is escaped; links are relative.
class GalleryWriter {
  public:
    explicit GalleryWriter(std::string title) : title_(std::move(title)) {}

    [[nodiscard]] std::string html(const std::vector<GalleryTile>& tiles) const;
    // Atomically (AtomicFile).
    void write(const std::filesystem::path& destination, const std::vector<GalleryTile>& tiles,
               const io::ProtectedPaths& protectedPaths = {}) const;

  private:
    std::string title_;
};

}  // namespace xrayprep::exports
