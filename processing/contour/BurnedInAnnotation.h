#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// Burned-in annotation: arrows, lines and text that a modality or a viewer drew into the pixels
// before the file was written. They are graphics, not X-ray: each stroke is one exact value
// (no noise, no blur), thin, long and brighter than what it crosses. The pipeline paints them
// over before the median, so that they do not steer the segmentation, and leaves them out of
// the mask. Lossy compression breaks the exact value; such strokes are then left to the median
// and the contour stage.
struct BurnedInAnnotationSettings {
    double mmPerPixel = 0.0;    // full-resolution pixel size (PixelScale)
    double maxWidthMm = 1.5;    // strokes at most this wide (a stroke's mean width)
    double minLengthMm = 5.0;   // ... and at least this long (bounding box)
    double minContrast = 0.10;  // ... and above what borders them by this part of the range
};

class BurnedInAnnotation {
  public:
    // The pixels (row-major indices, ascending) of the annotation strokes that cross `where`
    // (0/1, the image's size; nullptr: anywhere). The test of where a stroke may start runs on
    // `policy`'s threads; the strokes are then followed serially from there, each pixel once,
    // so the result does not depend on the thread count.
    [[nodiscard]] std::vector<std::size_t> operator()(const Image& original, const Mask* where,
                                                      const BurnedInAnnotationSettings& s,
                                                      const ExecutionPolicy& policy) const;

    // `original` with each stroke pixel replaced by the median of the nearest pixels that are
    // not stroke (at least 8 of them, in the smallest square 5, 9, 17, ... pixels across).
    [[nodiscard]] Image paintedOver(const Image& original,
                                    const std::vector<std::size_t>& strokes) const;
};

}  // namespace xrayprep::processing
