#pragma once

#include <cstddef>
#include <cstdint>

namespace xrayprep::dicom {

// Hard limits, checked against the header BEFORE DCMTK or the reader allocates anything for
// the pixels, so a file claiming absurd dimensions is rejected instead of exhausting memory:
// - at most 32768 rows and 32768 columns;
// - at most 2^25 pixels (33.5 MP) per frame, processing::kMaxInputPixels, which bounds the
//   memory of the whole run on one input (decoding included) near 1 GiB;
// - uncompressed pixel data must hold every frame the header claims (rows x columns x samples
//   x bytes x frames <= the Pixel Data length); encapsulated data needs one fragment per frame;
// - at most 4 GiB of file (the pre-scan reads the whole file);
// - sequences nested at most 64 deep (see DatasetScanner);
// - at most 1,000,000 data elements at all levels (DCMTK allocates an object for each one);
// - elements out of order or repeated within their item cost DCMTK a walk back through the
//   item's elements each (a million took 134 s): at most 20 million such steps in all (about
//   a tenth of a second; real files have a handful of such elements);
// - data after the pixel data that does not continue the dataset (a tag going backwards:
//   zeros, junk, another file appended) is ignored with a warning, unread;
// - a deflated dataset inflates to at most 256 MiB and must walk cleanly to its end (a
//   deflate bomb is refused in the pre-scan, before DCMTK inflates it again).
// Decoding one frame holds, at its peak, the decoder's buffer (2 bytes per sample), the samples
// as 32-bit integers, their luminance and the 16-bit image: about 30 bytes per pixel for RGB,
// 1 GiB at the pixel limit. RLE and JPEG streams are checked against the header's size before
// decoding (RleFrameCheck, the JPEG frame header), so a small file cannot claim a large frame.
inline constexpr int kMaxImageSide = 32768;
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;
inline constexpr int kMaxSequenceDepth = 64;
inline constexpr std::size_t kMaxElements = 1'000'000;
inline constexpr std::size_t kMaxReorderSteps = 20'000'000;
inline constexpr std::size_t kMaxInflatedBytes = std::size_t{256} << 20;

}  // namespace xrayprep::dicom
