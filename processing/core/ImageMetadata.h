#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xrayprep::processing {

enum class Photometric { Monochrome1, Monochrome2 };

// Physical pixel size in millimetres (column spacing x, row spacing y).
struct PixelSpacing {
    double x = 1.0;
    double y = 1.0;
    std::string source;  // e.g. "PixelSpacing", "ImagerPixelSpacing", "phantom"
};

// What the pipeline and the exports need to know about an image besides its pixels.
struct ImageMetadata {
    // The photometric convention of the source; the Image itself is always bone-bright.
    Photometric photometric = Photometric::Monochrome2;
    std::optional<PixelSpacing> spacing;  // empty: unknown, exports say "pixels"
    double rescaleSlope = 1.0;
    double rescaleIntercept = 0.0;
    std::optional<double> windowCenter;  // in stored (bone-bright) values
    std::optional<double> windowWidth;
    bool wasSigned = false;  // signed data shifted to unsigned on load
    // The largest difference between a decoded and the original stored value that the file's
    // codec allowed: NEAR of a JPEG-LS near-lossless stream; 0 for lossless coding, or a lossy
    // codec with no such bound (JPEG baseline, JPEG 2000).
    int codingErrorBound = 0;
    int frameCount = 1;
    int frameIndex = 0;
    // Key header fields for display: (name, value); patient fields are marked by name prefix
    // "Patient" so the display can hide them.
    std::vector<std::pair<std::string, std::string>> headerFields;
    std::vector<std::string> warnings;
};

const char* toString(Photometric p);

// The value of a header field ("BodyPartExamined") of the metadata; empty when absent.
[[nodiscard]] std::string headerField(const ImageMetadata& metadata, const std::string& name);

}  // namespace xrayprep::processing
