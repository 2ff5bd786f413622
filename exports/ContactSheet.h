#pragma once

#include <filesystem>
#include <string>

#include "io/AtomicFile.h"
#include "io/RgbImage.h"
#include "processing/core/Image.h"
#include "processing/pipeline/PipelineResult.h"

namespace xrayprep::exports {

struct ContactSheetOptions {
    // Each stage's picture fits a tileWidth x tileWidth box, keeping the image's aspect, so a
    // sheet is at most 4 x 2 boxes and their labels (1960 x 1060 pixels at 480) for any image.
    int tileWidth = 480;
    int textScale = 2;    // font cell size in pixels (2: 14-pixel capitals)
    std::string title;    // e.g. the input's name; shown in the information tile
    std::string backend;  // e.g. "openmp (2 threads)"
};

// One picture of every stage of a run, 4 tiles wide, 2 high: original, median, threshold,
// Sobel, contours over the median, final (masked) image, ESF coloured, and a tile of facts
// (title, size, spacing, backend, threshold, contour count, total time). Each tile has a
// label bar with the stage name, its main parameter and its time. Stages the result lacks
// are drawn as empty tiles labelled "NOT RUN".
[[nodiscard]] io::RgbImage renderContactSheet(const processing::Image& original,
                                              const processing::PipelineResult& result,
                                              const ContactSheetOptions& options = {});

void writeContactSheet(const std::filesystem::path& destination, const processing::Image& original,
                       const processing::PipelineResult& result,
                       const ContactSheetOptions& options = {},
                       const io::ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::exports
