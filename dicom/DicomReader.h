#pragma once

#include <filesystem>

#include "dicom/DicomError.h"
#include "dicom/LoadedImage.h"

namespace xrayprep::dicom {

struct ReadOptions {
    int frame = 0;  // frame of a multi-frame file; out of range -> DicomError
};

// Reads one frame of a DICOM file into the internal image (SPEC section 2): every transfer
// syntax DCMTK 3.6.7 decodes (uncompressed little/big endian, deflate, RLE, JPEG baseline,
// extended and lossless, JPEG-LS) plus JPEG 2000 through OpenJPEG; Part 10 with or without
// preamble/meta header. Values are STORED values (no modality LUT, no VOI): uint16 with
// bitsStored from the file, signed shifted by 2^(bits-1), MONOCHROME1 inverted to
// bone-bright, colour reduced to luminance with a warning.
//
// Safety, checked before DCMTK or the reader allocates for the pixels (PixelDataLimits.h):
// at most 32768 pixels per side and 2^25 pixels per frame (processing::kMaxInputPixels, which
// bounds memory per input), RLE and JPEG streams that match the header's size, uncompressed
// pixel data at least as
// long as the header claims, a 4 GiB file, sequences nested at most 64 deep (pre-scan of the
// raw bytes, DatasetScanner), at most 1,000,000 elements, a deflated dataset inflating to at most
// 256 MiB and walking cleanly to its end, a transfer syntax DCMTK does not know (HTJ2K, JPEG XL, a
// made-up UID) refused by name before parsing, and DCMTK run on a thread with a large stack. Every
// failure is a DicomError "<file>: <reason in plain words>".
class DicomReader {
  public:
    [[nodiscard]] LoadedImage operator()(const std::filesystem::path& file,
                                         const ReadOptions& options = {}) const;
};

}  // namespace xrayprep::dicom
