#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace xrayprep::dicom {

// One frame straight out of a decoder, as integers, before conversion to the internal image.
struct DecodedFrame {
    int width = 0;
    int height = 0;
    int components = 1;
    // Planar: component c, pixel (x, y) at c * width * height + y * width + x.
    std::vector<std::int32_t> samples;
    int bitsStored = 0;     // the precision the header claims for these values
    bool isSigned = false;  // samples are true signed values (two's complement resolved)
    // Compressed data is not masked to bitsStored: a wrong header shows as values beyond it.
    bool mayExceedBitsStored = false;
    // Lossy transfer syntax: small overshoots past the BitsStored range are decoding ringing.
    bool lossy = false;
    // The largest error the codec allowed per sample: NEAR of a JPEG-LS near-lossless scan (0:
    // lossless, or a lossy codec that states no bound).
    int codingErrorBound = 0;
    std::string colorModel;  // photometric interpretation of the decoded samples
    std::vector<std::string> warnings;
};

}  // namespace xrayprep::dicom
