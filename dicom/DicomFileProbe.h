#pragma once

#include <filesystem>

namespace xrayprep::dicom {

// Quick test for folder scanning, reading at most the first 64 KiB: "DICM" at offset 128, or a
// bare dataset (no preamble) whose first elements parse with ascending tags and plausible
// lengths. Never throws; unreadable files are simply not DICOM.
bool isLikelyDicomFile(const std::filesystem::path& file);

}  // namespace xrayprep::dicom
