#include "processing/core/PixelScale.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace xrayprep::processing {

std::string PixelScale::describe() const {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.4g mm per pixel (%s)", mmPerPixel,
                  fromSpacing ? "pixel spacing" : "assumed from the image size");
    return buf;
}

PixelScale pixelScaleOf(int width, int height, std::optional<double> spacingMm,
                        const ScaleParams& params) {
    if (!(params.assumedFieldMm > 0.0)) {
        throw std::invalid_argument("scale.assumedFieldMm must be > 0");
    }
    PixelScale s;
    if (spacingMm && *spacingMm > 0.0) {
        s.mmPerPixel = *spacingMm;
        s.fromSpacing = true;
        return s;
    }
    const int longest = std::max({width, height, 1});
    s.mmPerPixel = params.assumedFieldMm / longest;
    return s;
}

}  // namespace xrayprep::processing
