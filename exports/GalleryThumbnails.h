#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "io/RgbImage.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::exports {

// The review gallery's pictures of one input, written into its output folder.
inline constexpr const char* kGalleryOriginalFile = "gallery-original.png";
inline constexpr const char* kGalleryFinalFile = "gallery-final.png";

// Long side of a gallery thumbnail in pixels.
inline constexpr int kGalleryThumbnailSide = 320;

// The original, scaled so its long side is `longSide`, grey (as the contact sheet), with the
// outline of `mask` drawn over it in yellow, two pixels wide (one either side of the edge), so
// that it shows on any grey. A thumbnail pixel counts as mask when any mask pixel falls in it,
// so small bones stay visible; where the mask meets the image border the outline follows the
// border. An empty `mask` draws no outline.
[[nodiscard]] io::RgbImage renderMaskOutlineThumbnail(const processing::Image& original,
                                                      const processing::Mask& mask, int longSide);
// `image` scaled the same way, grey.
[[nodiscard]] io::RgbImage renderGrayThumbnail(const processing::Image& image, int longSide);

// Writes kGalleryOriginalFile (original with the mask outline) and kGalleryFinalFile (the
// final masked image) into `folder`, atomically; returns their names.
std::vector<std::string> writeGalleryThumbnails(const std::filesystem::path& folder,
                                                const processing::Image& original,
                                                const processing::Mask& mask,
                                                const processing::Image& final,
                                                const io::ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::exports
