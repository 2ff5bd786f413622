#pragma once

#include <cstdint>

namespace xrayprep::dicom {

// Hard limits, checked against the header BEFORE DCMTK or the reader allocates anything for
// the pixels, so a file claiming absurd dimensions is rejected instead of exhausting memory:
// - at most 32768 rows and 32768 columns;
// - at most 1 GiB for one decoded frame (rows x columns x samples x bytes per sample);
// - uncompressed pixel data must hold every frame the header claims (rows x columns x samples
//   x bytes x frames <= the Pixel Data length); encapsulated data needs one fragment per frame;
// - at most 4 GiB of file (the pre-scan reads the whole file);
// - sequences nested at most 64 deep (see DatasetScanner).
inline constexpr int kMaxImageSide = 32768;
inline constexpr std::uint64_t kMaxFrameBytes = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;
inline constexpr int kMaxSequenceDepth = 64;

}  // namespace xrayprep::dicom
