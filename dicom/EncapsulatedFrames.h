#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

class DcmPixelSequence;

namespace xrayprep::dicom {

// Finds the fragments of one frame in encapsulated pixel data: one fragment per frame, the
// Basic Offset Table, or (when neither tells) a scan for the codec's start-of-frame marker.
// Throws std::runtime_error when the frames cannot be told apart.
class EncapsulatedFrames {
  public:
    using FrameStartTest = std::function<bool(std::span<const std::uint8_t>)>;

    EncapsulatedFrames(DcmPixelSequence& sequence, int numberOfFrames);

    // Fragments holding data (the Basic Offset Table item not counted).
    [[nodiscard]] int fragmentCount() const;
    // Data of fragment `index` (0 = first after the offset table); loads it if needed.
    [[nodiscard]] std::span<const std::uint8_t> fragment(int index) const;
    // Indices [first, last) of the fragments of `frame`.
    [[nodiscard]] std::pair<int, int> frameFragments(int frame,
                                                     const FrameStartTest& isFrameStart) const;
    // The frame's fragments concatenated.
    [[nodiscard]] std::vector<std::uint8_t> frameBytes(int frame,
                                                       const FrameStartTest& isFrameStart) const;

  private:
    [[nodiscard]] std::vector<int> startsFromOffsetTable() const;

    DcmPixelSequence& sequence_;
    int frames_;
};

// The first SOF marker segment of a JPEG/JPEG-LS stream (JPEG-LS: SOF55); all 0 if none.
struct JpegFrameHeader {
    int precision = 0;       // bits per sample
    int lines = 0;           // rows; 0 when a DNL marker gives them later
    int samplesPerLine = 0;  // columns
    int components = 0;
};
JpegFrameHeader jpegFrameHeader(std::span<const std::uint8_t> stream);

// JPEG sample precision (bits) from the first SOF marker of a JPEG/JPEG-LS stream; 0 if none.
int jpegSamplePrecision(std::span<const std::uint8_t> stream);

// True when the (last fragment of a) JPEG or JPEG-LS stream holds the end-of-image marker
// 0xFFD9. Coded data never contains it (0xFF is followed by 0x00, a restart marker or, in
// JPEG-LS, a byte below 0x80), and writers put padding or junk after it, so it is looked for
// anywhere rather than at the end. A stream cut short has none, and decoders fill the missing
// rows with garbage without an error.
bool jpegHasEndOfImage(std::span<const std::uint8_t> stream);

// NEAR, the largest error per sample, of the first scan of a JPEG-LS stream (its SOS header
// after a SOF55 frame header); 0 for a lossless scan, a stream that is not JPEG-LS, or headers
// cut short.
int jpegLsNearBound(std::span<const std::uint8_t> stream);

}  // namespace xrayprep::dicom
