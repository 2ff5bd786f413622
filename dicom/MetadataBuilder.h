#pragma once

#include "dicom/FrameConverter.h"
#include "dicom/ImageAttributes.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::dicom {

// Builds the ImageMetadata of a loaded frame: rescale as in the file, the first VOI window
// mapped into stored bone-bright units (undoing rescale, applying the signed shift and the
// MONOCHROME1 inversion), spacing, header fields and every warning collected on the way.
class MetadataBuilder {
  public:
    [[nodiscard]] processing::ImageMetadata operator()(const ImageAttributes& attributes,
                                                       const ConvertedFrame& frame,
                                                       const std::vector<std::string>& warnings,
                                                       int frameIndex) const;
};

}  // namespace xrayprep::dicom
