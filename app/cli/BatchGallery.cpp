#include "app/cli/BatchGallery.h"

#include <algorithm>

#include "exports/ExportList.h"
#include "exports/GalleryThumbnails.h"
#include "exports/GalleryWriter.h"

namespace xrayprep::app {

namespace fs = std::filesystem;

namespace {

bool wrote(const InputOutcome& o, const std::string& file) {
    return std::find(o.outputs.begin(), o.outputs.end(), file) != o.outputs.end();
}

exports::GalleryStatus galleryStatus(InputStatus s) {
    switch (s) {
        case InputStatus::Ok:
            return exports::GalleryStatus::Ok;
        case InputStatus::NeedsReview:
            return exports::GalleryStatus::NeedsReview;
        case InputStatus::Failed:
            return exports::GalleryStatus::Failed;
    }
    return exports::GalleryStatus::Failed;
}

}  // namespace

fs::path writeBatchGallery(const fs::path& out, const std::vector<std::string>& inputs,
                           const std::vector<fs::path>& folders,
                           const std::vector<InputOutcome>& outcomes,
                           const io::ProtectedPaths& protectedPaths) {
    std::vector<exports::GalleryTile> tiles;
    tiles.reserve(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const InputOutcome& o = outcomes[i];
        exports::GalleryTile t;
        t.name = InputJob::displayName(inputs[i]);
        t.folder = folders[i].filename().string();
        t.status = galleryStatus(o.status);
        t.seconds = o.seconds;
        t.checks = o.quality.checks;
        t.error = o.error;
        t.hasThumbnails =
            wrote(o, exports::kGalleryOriginalFile) && wrote(o, exports::kGalleryFinalFile);
        const std::string sheet = exports::exportFileName(exports::ExportItem::Sheet);
        if (wrote(o, sheet)) t.sheet = sheet;
        tiles.push_back(std::move(t));
    }
    fs::create_directories(out);
    const fs::path page = out / exports::kGalleryFile;
    // The title names no folder: folder names often carry patients' names.
    exports::GalleryWriter("xrayprep review gallery").write(page, tiles, protectedPaths);
    return page;
}

}  // namespace xrayprep::app
