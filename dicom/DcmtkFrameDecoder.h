#pragma once

#include "dicom/DecodedFrame.h"
#include "dicom/ImageAttributes.h"

class DcmItem;
class DcmPixelData;

namespace xrayprep::dicom {

// Decodes one frame with DCMTK: uncompressed (any byte order, deflate), RLE, JPEG (baseline,
// extended, lossless) and JPEG-LS, through DcmPixelData::getUncompressedFrame, so only that
// frame is decompressed. The decoders must have been registered (DcmtkSetup).
// Uncompressed and RLE values are masked to BitsStored at HighBit as the standard requires;
// JPEG/JPEG-LS values are left as decoded (see DecodedFrame::mayExceedBitsStored).
class DcmtkFrameDecoder {
  public:
    [[nodiscard]] DecodedFrame operator()(DcmItem& dataset, DcmPixelData& pixelData,
                                          const ImageAttributes& attributes, int frame) const;
};

}  // namespace xrayprep::dicom
