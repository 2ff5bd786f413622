#pragma once

#include <cstdint>

#include "processing/core/Image.h"

namespace xrayprep::processing {

// Burned-in annotation: arrows, lines and text that a modality or a viewer drew into the pixels
// before the file was written. They are graphics, not X-ray: each stroke is one exact value
// (no noise, no blur), thin, long and brighter than what it crosses. Lossy compression breaks
// the exact value; such strokes are then left to the median and the contour stage.
struct BurnedInAnnotationSettings {
    double mmPerPixel = 0.0;    // full-resolution pixel size (PixelScale)
    double maxWidthMm = 1.5;    // strokes at most this wide (a stroke's mean width)
    double minLengthMm = 5.0;   // ... and at least this long (bounding box)
    double minContrast = 0.10;  // ... and above what borders them by this part of the range
};

class BurnedInAnnotation {
  public:
    // The annotation strokes that touch `where` (0/1, the image's size), 0/1. Serial: one pass
    // over `where` and the strokes it reaches, each pixel visited once.
    [[nodiscard]] Mask operator()(const Image& original, const Mask& where,
                                  const BurnedInAnnotationSettings& s) const;
};

}  // namespace xrayprep::processing
