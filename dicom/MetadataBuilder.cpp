#include "dicom/MetadataBuilder.h"

#include <cmath>

namespace xrayprep::dicom {

processing::ImageMetadata MetadataBuilder::operator()(const ImageAttributes& a,
                                                      const ConvertedFrame& frame,
                                                      const std::vector<std::string>& warnings,
                                                      int frameIndex) const {
    using processing::Photometric;
    processing::ImageMetadata m;
    const bool monochrome1 = a.photometric == "MONOCHROME1";
    m.photometric = monochrome1 ? Photometric::Monochrome1 : Photometric::Monochrome2;
    m.spacing = a.spacing;
    m.rescaleSlope = a.rescaleSlope;
    m.rescaleIntercept = a.rescaleIntercept;
    m.wasSigned = frame.wasSigned;
    m.frameCount = a.numberOfFrames;
    m.frameIndex = frameIndex;
    m.headerFields = a.headerFields;
    m.warnings = a.warnings;
    m.warnings.insert(m.warnings.end(), warnings.begin(), warnings.end());
    m.warnings.insert(m.warnings.end(), frame.warnings.begin(), frame.warnings.end());
    if (!m.spacing) m.warnings.emplace_back("no pixel spacing in the file; sizes are in pixels");

    if (a.windowCenter && a.windowWidth) {
        if (a.hasModalityLutSequence) {
            // The window is in the LUT's output units; no linear map back to stored values.
            m.warnings.emplace_back("window not used: the file has a Modality LUT Sequence");
        } else {
            // File window (rescaled units) -> stored file value -> unsigned -> bone-bright.
            const double stored = (*a.windowCenter - a.rescaleIntercept) / a.rescaleSlope;
            const double unsignedCenter = stored + frame.signedOffset;
            const double maxValue = frame.image.maxValue();
            m.windowCenter = monochrome1 ? maxValue - unsignedCenter : unsignedCenter;
            m.windowWidth = *a.windowWidth / std::fabs(a.rescaleSlope);
        }
    }
    return m;
}

}  // namespace xrayprep::dicom
