#pragma once

#include <filesystem>

#include "dicom/DicomError.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::dicom {

// Writes an image as a DICOM Part 10 Secondary Capture file, explicit VR little endian,
// uncompressed: 16 bits allocated, BitsStored = image.bitsStored(), unsigned, one sample; the
// original photometric restored (MONOCHROME1 inverted back); PixelSpacing (or
// ImagerPixelSpacing, as the metadata's source says) when known; the window and rescale in the
// file's convention (a signed source's shift folded into RescaleIntercept); new SOP Instance
// and Series UIDs (the Study Instance UID kept when headerFields has one); Modality and
// patient/study fields from headerFields, Modality "OT" otherwise.
// Atomic: writes a temporary file in the target folder and renames it over the target.
// Refusing to overwrite the file being read is the caller's business.
// Throws DicomError (target file + reason) on failure; no temporary file is left behind.
class DicomWriter {
  public:
    void operator()(const processing::Image& image, const processing::ImageMetadata& metadata,
                    const std::filesystem::path& file) const;
};

}  // namespace xrayprep::dicom
