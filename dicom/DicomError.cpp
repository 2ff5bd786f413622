#include "dicom/DicomError.h"

#include "processing/core/PrintableText.h"

namespace xrayprep::dicom {

// The reason may quote the file's own fields (a transfer syntax UID, an element's value) and
// the path may hold any bytes: both are made printable, so that no file can drive the terminal
// a message is shown on. file() keeps the real path.
DicomError::DicomError(const std::filesystem::path& file, const std::string& reason)
    : std::runtime_error(processing::printableText(file.string()) + ": " +
                         processing::printableText(reason)),
      file_(file),
      reason_(processing::printableText(reason)) {}

}  // namespace xrayprep::dicom
