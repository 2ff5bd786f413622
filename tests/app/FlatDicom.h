#pragma once

#include <filesystem>

#include "dicom/DicomWriter.h"

namespace xrayprep::test_support {

// A DICOM file of a uniform image: no anatomy and no bone in it, so any segmentation gives an
// empty mask, which the quality checks flag (the input needs review).
inline void writeFlatDicom(const std::filesystem::path& file) {
    const processing::Image flat(320, 256, 12, 1000);
    dicom::DicomWriter{}(flat, processing::ImageMetadata{}, file);
}

}  // namespace xrayprep::test_support
