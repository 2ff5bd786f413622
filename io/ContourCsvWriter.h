#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/contour/ActiveContour.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::io {

// Contours as CSV: the header `contour,x,y` and one row per point, the contour's index then
// its position in pixels (pixel centres at integer positions, as processing::Contour holds
// them). With known spacing two more columns `x_mm,y_mm` give the position in mm
// (x * spacing.x, y * spacing.y: the origin is the centre of pixel (0, 0)). Three decimals,
// '.' as the decimal point whatever the locale.
[[nodiscard]] std::string formatContoursCsv(const std::vector<processing::Contour>& contours,
                                            const std::optional<processing::PixelSpacing>& spacing);

void writeContoursCsv(const std::filesystem::path& destination,
                      const std::vector<processing::Contour>& contours,
                      const std::optional<processing::PixelSpacing>& spacing,
                      const ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::io
