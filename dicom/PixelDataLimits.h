#pragma once

#include <cstddef>
#include <cstdint>

namespace xrayprep::dicom {

// Hard limits, checked against the header BEFORE DCMTK or the reader allocates anything for
// the pixels, so a file claiming absurd dimensions is rejected instead of exhausting memory:
// - at most 32768 rows and 32768 columns;
// - at most 1 GiB for one decoded frame (rows x columns x samples x bytes per sample);
// - uncompressed pixel data must hold every frame the header claims (rows x columns x samples
//   x bytes x frames <= the Pixel Data length); encapsulated data needs one fragment per frame;
// - at most 4 GiB of file (the pre-scan reads the whole file);
// - sequences nested at most 64 deep (see DatasetScanner);
// - at most 1,000,000 data elements at all levels (DCMTK allocates an object for each one);
// - a deflated dataset inflates to at most 256 MiB and must walk cleanly to its end (a
//   deflate bomb is refused in the pre-scan, before DCMTK inflates it again).
// Decoding one frame holds, at its peak, the decoder's buffer (2 bytes per sample), the samples
// as 32-bit integers, their luminance and the 16-bit image: at most about 6 x the frame limit
// for a file that really holds such a frame (compressed data that cannot back the size fails
// in the decoder after its buffer, at most 1 GiB, is allocated).
inline constexpr int kMaxImageSide = 32768;
inline constexpr std::uint64_t kMaxFrameBytes = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;
inline constexpr int kMaxSequenceDepth = 64;
inline constexpr std::size_t kMaxElements = 1'000'000;
inline constexpr std::size_t kMaxInflatedBytes = std::size_t{256} << 20;

}  // namespace xrayprep::dicom
