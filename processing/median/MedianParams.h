#pragma once

namespace xrayprep::processing {

struct MedianParams {
    // Window side k = 2r+1 in pixels, odd, 1..101 (1 = pass-through); 0 = from sizeMm and the
    // pixel size (the pipeline resolves it before the backends see it).
    int size = 0;
    // Window side in millimetres: removes noise and thin burned-in text while keeping the
    // thinnest bones (phalanges of 5-8 mm) whole.
    double sizeMm = 2.0;
    bool operator==(const MedianParams&) const = default;
};

// The window side in pixels for a pixel size: size when set, else sizeMm rounded to the nearest
// odd number of pixels, at least 3 and at most 101.
[[nodiscard]] int resolvedMedianSize(const MedianParams& p, double mmPerPixel);

}  // namespace xrayprep::processing
