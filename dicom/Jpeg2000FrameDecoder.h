#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dicom/DecodedFrame.h"
#include "dicom/ImageAttributes.h"

class DcmPixelData;

namespace xrayprep::dicom {

// Decodes one JPEG 2000 frame (DCMTK 3.6.7 has no JPEG 2000 codec) with OpenJPEG: collects the
// frame's fragments from the encapsulated pixel data and decodes the J2K codestream or JP2 file
// they hold. The codestream's size is checked against Rows/Columns before any tile is
// decoded. Where the codestream and the header disagree on signedness or precision, the
// codestream's values are kept and a warning says so.
class Jpeg2000FrameDecoder {
  public:
    [[nodiscard]] DecodedFrame operator()(DcmPixelData& pixelData,
                                          const ImageAttributes& attributes, int frame) const;

    // Decodes one frame's bytes (J2K codestream or JP2 file).
    [[nodiscard]] DecodedFrame decode(std::span<const std::uint8_t> bytes,
                                      const ImageAttributes& attributes) const;
};

// True for the JPEG 2000 transfer syntaxes this reader decodes (lossless and lossy Part 1;
// DCMTK 3.6.7 does not know the HTJ2K ones).
bool isJpeg2000TransferSyntax(const std::string& uid);

}  // namespace xrayprep::dicom
