#include "dicom/DicomError.h"

namespace xrayprep::dicom {

DicomError::DicomError(const std::filesystem::path& file, const std::string& reason)
    : std::runtime_error(file.string() + ": " + reason), file_(file), reason_(reason) {}

}  // namespace xrayprep::dicom
