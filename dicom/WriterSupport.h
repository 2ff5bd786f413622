#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "processing/core/ImageMetadata.h"

class DcmFileFormat;
class DcmItem;
class DcmTagKey;

// Helpers that the writers of derived DICOM files (DicomWriter: Secondary Capture,
// SegmentationWriter: Segmentation) share, so that both describe the source, refuse the inputs
// and reach the disk the same way.
namespace xrayprep::dicom::writer_support {

// A DS value (at most 16 characters).
[[nodiscard]] std::string decimalString(double value);

// A fresh UID under one of DCMTK's site roots (SITE_INSTANCE_UID_ROOT, ...).
[[nodiscard]] std::string newUid(const char* root);

// The non-empty value of a header field of the source (ImageMetadata::headerFields).
[[nodiscard]] std::optional<std::string> headerValue(const processing::ImageMetadata& m,
                                                     std::string_view name);

// Sets a string attribute; throws std::runtime_error naming the attribute.
void put(DcmItem& item, const DcmTagKey& tag, const std::string& value);

// Throws std::runtime_error when `file` is one of the inputs (same file, links followed).
void refuseProtected(const std::filesystem::path& file,
                     const std::vector<std::filesystem::path>& protectedPaths);

}  // namespace xrayprep::dicom::writer_support
