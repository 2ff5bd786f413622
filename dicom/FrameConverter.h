#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dicom/DecodedFrame.h"
#include "processing/core/Image.h"

namespace xrayprep::dicom {

struct ConvertedFrame {
    processing::Image image;  // bone-bright, unsigned, image.bitsStored() final
    bool wasSigned = false;
    std::int32_t signedOffset = 0;  // added to signed values: 2^(bits-1), else 0
    std::vector<std::string> warnings;
};

// Turns decoded samples into the internal image: colour to luminance (Rec. 601 weights for
// RGB, the Y component for YBR); values beyond the BitsStored range either clamped (lossy
// codec overshoot within 1/16 of the range) or kept by widening the bit depth (a header that
// understates the data), with a warning either way; signed values shifted by 2^(bits-1);
// MONOCHROME1 inverted to bone-bright (v' = maxValue - v).
class FrameConverter {
  public:
    [[nodiscard]] ConvertedFrame operator()(const DecodedFrame& frame, bool monochrome1) const;
};

}  // namespace xrayprep::dicom
