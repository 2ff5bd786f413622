#pragma once

#include <optional>

#include "processing/contour/ActiveContour.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/quality/QualityParams.h"
#include "processing/quality/QualityReport.h"

namespace xrayprep::processing {

// Plausibility checks of a bone mask (SPEC §3 "Quality checks"), in this order:
//   empty          no mask pixels, or fewer than minAreaFraction of the anatomy
//   whole-anatomy  the mask covers maxAnatomyCoverage or more of the anatomy (soft tissue kept)
//   border         the mask runs along an image edge for maxBorderRun or more of it
//   straight-edge  the outline has a straight, nearly axis-aligned stretch of minStraightLength
//                  or more of the image side (StraightEdgeFinder); given the image, a stretch
//                  with the image brighter inside than outside by minStraightContrast of the
//                  anatomy's range passes (a bone's own straight edge: EdgeContrast)
//   fraction       the mask's share of the anatomy lies outside [minBoneFraction,
//                  maxBoneFraction], or there is no anatomy
//   fragments      more than maxSmallFragments pieces below smallFragment of the mask's area,
//                  or more than maxFragments pieces (8-connected)
//   textured-gap   given the radiograph and the median, more than maxTexturedGapMm2 of the
//                  anatomy has the fine texture of bone but is left out (TexturedGap): a
//                  hollow-looking bone, a calcaneus most often, is missing
// It reads the mask and the anatomy once each as runs and costs a few milliseconds at the
// reference size; the result depends on nothing but its inputs (not on the thread count). It
// stands on its own so that a mask changed after the run (manual edits) can be checked again.
class MaskQuality {
  public:
    // `mask` and `anatomy` are 0/1 rasters of width x height (an empty raster counts as all
    // zero); the spacing, when known, widens the straight-edge tolerance to
    // straightToleranceMm. Throws std::invalid_argument when a raster has another size.
    // `image` (optional, width x height) is the median image the mask was made from;
    // `radiograph` (optional, the same size) the image before the median, whose fine texture
    // the textured-gap check reads: without both that check is left out. mmPerPixel: the
    // pixel size the run used (0: the spacing's, else a 300 mm field). codingErrorBound: the
    // largest error the file's near-lossless codec allowed (TexturedGapSettings). `policy`
    // schedules every check (exact for any thread count).
    [[nodiscard]] QualityReport operator()(const Mask& mask, const Mask& anatomy, int width,
                                           int height, const std::optional<PixelSpacing>& spacing,
                                           const QualityParams& params = {},
                                           const Image* image = nullptr,
                                           const Image* radiograph = nullptr,
                                           double mmPerPixel = 0.0, int codingErrorBound = 0,
                                           const ExecutionPolicy& policy = {}) const;
    // The contour stage's mask against the anatomy it found.
    [[nodiscard]] QualityReport operator()(const ContourResult& contour, int width, int height,
                                           const std::optional<PixelSpacing>& spacing,
                                           const QualityParams& params = {},
                                           const Image* image = nullptr,
                                           const Image* radiograph = nullptr,
                                           double mmPerPixel = 0.0, int codingErrorBound = 0,
                                           const ExecutionPolicy& policy = {}) const;
};

}  // namespace xrayprep::processing
