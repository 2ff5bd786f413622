#pragma once

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::dicom {

// One decoded frame of a DICOM file: bone-bright stored values plus what the pipeline and the
// exports need to know about them.
struct LoadedImage {
    processing::Image image;
    processing::ImageMetadata metadata;
};

}  // namespace xrayprep::dicom
