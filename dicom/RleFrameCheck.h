#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace xrayprep::dicom {

// Checks one RLE frame (DICOM PS3.5 annex G) against what the header says before DCMTK decodes
// it: the segment table (DCMTK trusts its offsets) and the decoded length of every segment.
// DCMTK fills a segment that decodes short and ignores one that decodes long, so a header
// that disagrees with the stream (another size, half a fragment lost) decoded to garbage
// without a word. Throws std::runtime_error saying what disagrees.
void checkRleFrame(std::span<const std::uint8_t> fragment, int expectedSegments,
                   std::size_t pixelsPerSegment);

}  // namespace xrayprep::dicom
