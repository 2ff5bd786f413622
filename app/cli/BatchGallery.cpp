#include "app/cli/BatchGallery.h"

#include <algorithm>

#include "exports/ExportList.h"
#include "mesh_export/GalleryThumbnails.h"
#include "mesh_export/GalleryWriter.h"

namespace xrayprep::app {

namespace fs = std::filesystem;
namespace ex = mesh_export;

namespace {

bool wrote(const InputOutcome& o, const std::string& file) {
    return std::find(o.outputs.begin(), o.outputs.end(), file) != o.outputs.end();
}

ex::GalleryStatus galleryStatus(InputStatus s) {
    switch (s) {
        case InputStatus::Ok:
            return ex::GalleryStatus::Ok;
        case InputStatus::NeedsReview:
            return ex::GalleryStatus::NeedsReview;
        case InputStatus::Failed:
            return ex::GalleryStatus::Failed;
    }
    return ex::GalleryStatus::Failed;
}

}  // namespace

fs::path writeBatchGallery(const fs::path& out, const std::vector<std::string>& inputs,
                           const std::vector<fs::path>& folders,
                           const std::vector<InputOutcome>& outcomes,
                           const ex::ProtectedPaths& protectedPaths) {
    std::vector<ex::GalleryTile> tiles;
    tiles.reserve(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const InputOutcome& o = outcomes[i];
        ex::GalleryTile t;
        t.name = InputJob::displayName(inputs[i]);
        t.folder = folders[i].filename().string();
        t.status = galleryStatus(o.status);
        t.seconds = o.seconds;
        t.checks = o.quality.checks;
        t.error = o.error;
        t.hasThumbnails = wrote(o, ex::kGalleryOriginalFile) && wrote(o, ex::kGalleryFinalFile);
        const std::string sheet = exports::exportFileName(exports::ExportItem::Sheet);
        if (wrote(o, sheet)) t.sheet = sheet;
        tiles.push_back(std::move(t));
    }
    fs::create_directories(out);
    const fs::path page = out / ex::kGalleryFile;
    // The title names no folder: folder names often carry patients' names.
    ex::GalleryWriter("xrayprep review gallery").write(page, tiles, protectedPaths);
    return page;
}

}  // namespace xrayprep::app
