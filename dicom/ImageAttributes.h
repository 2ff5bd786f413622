#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "processing/core/ImageMetadata.h"

class DcmItem;

namespace xrayprep::dicom {

// The attributes of a DICOM image the reader needs, copied out of the DCMTK dataset into plain
// C++ values (as found in the file, before any conversion).
struct ImageAttributes {
    std::string transferSyntaxUid;
    std::string transferSyntaxName;
    bool encapsulated = false;
    bool lossy = false;  // lossy transfer syntax (JPEG baseline/extended, JPEG-LS near, J2K)
    int rows = 0;
    int columns = 0;
    int samplesPerPixel = 1;
    int bitsAllocated = 0;
    int bitsStored = 0;
    int highBit = 0;
    bool pixelSigned = false;  // PixelRepresentation 1
    int planarConfiguration = 0;
    int numberOfFrames = 1;
    std::string photometric;  // PhotometricInterpretation as written
    double rescaleSlope = 1.0;
    double rescaleIntercept = 0.0;
    bool hasModalityLutSequence = false;
    std::optional<double> windowCenter;  // first value, rescaled units as in the file
    std::optional<double> windowWidth;
    std::optional<processing::PixelSpacing> spacing;
    std::vector<std::pair<std::string, std::string>> headerFields;
    std::vector<std::string> warnings;
};

// Reads ImageAttributes from a dataset. Throws std::runtime_error, with the reason in plain
// words, when an attribute the pixels cannot be interpreted without is missing or invalid.
class ImageAttributeReader {
  public:
    [[nodiscard]] ImageAttributes operator()(DcmItem& dataset,
                                             const std::string& transferSyntaxUid) const;
};

}  // namespace xrayprep::dicom
