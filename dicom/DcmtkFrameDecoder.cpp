#include "dicom/DcmtkFrameDecoder.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "dicom/EncapsulatedFrames.h"
#include "dicom/RleFrameCheck.h"

namespace xrayprep::dicom {
namespace {

constexpr const char* kJpegPrefix = "1.2.840.10008.1.2.4.";

int jpegFamilyNumber(const std::string& uid) {
    const std::string prefix = kJpegPrefix;
    if (uid.rfind(prefix, 0) != 0) return 0;
    try {
        return std::stoi(uid.substr(prefix.size()));
    } catch (const std::exception&) {
        return 0;
    }
}
bool isJpegProcess(const std::string& uid) {
    const int n = jpegFamilyNumber(uid);
    return n >= 50 && n <= 70;
}
bool isJpegLs(const std::string& uid) {
    const int n = jpegFamilyNumber(uid);
    return n == 80 || n == 81;
}
bool isRle(const std::string& uid) { return uid == "1.2.840.10008.1.2.5"; }

std::uint32_t le32(std::span<const std::uint8_t> s, std::size_t at) {
    return s[at] | (s[at + 1] << 8) | (s[at + 2] << 16) |
           (static_cast<std::uint32_t>(s[at + 3]) << 24);
}

// A JPEG or JPEG-LS frame whose SOF disagrees with the DICOM header, or that is cut short,
// decodes to garbage without an error from the codec: refused instead.
void checkJpegFrame(const EncapsulatedFrames& frames, std::pair<int, int> fragments,
                    const ImageAttributes& a) {
    const JpegFrameHeader sof = jpegFrameHeader(frames.fragment(fragments.first));
    if (sof.precision == 0) throw std::runtime_error("no JPEG frame header in the pixel data");
    const bool sizeDiffers = (sof.lines != 0 && sof.lines != a.rows) ||
                             sof.samplesPerLine != a.columns || sof.components != a.samplesPerPixel;
    if (sizeDiffers) {
        throw std::runtime_error(
            "the JPEG frame header says " + std::to_string(sof.samplesPerLine) + " x " +
            std::to_string(sof.lines) + " x " + std::to_string(sof.components) +
            " component(s), the DICOM header " + std::to_string(a.columns) + " x " +
            std::to_string(a.rows) + " x " + std::to_string(a.samplesPerPixel));
    }
    if (!jpegHasEndOfImage(frames.fragment(fragments.second - 1))) {
        throw std::runtime_error("the JPEG stream is cut short (no end-of-image marker)");
    }
}

// What the decoder needs to know of an encapsulated frame before decoding it.
struct EncapsulatedLayout {
    int bytesPerSample = 0;    // of DCMTK's decoded samples
    int codingErrorBound = 0;  // JPEG-LS NEAR (DecodedFrame::codingErrorBound)
};

// The frame's layout, after checking what DCMTK's decoder will rely on.
EncapsulatedLayout prepareEncapsulated(DcmPixelData& pixelData, const ImageAttributes& a,
                                       int frame) {
    DcmPixelSequence* sequence = nullptr;
    const E_TransferSyntax xfer = DcmXfer(a.transferSyntaxUid.c_str()).getXfer();
    if (pixelData.getEncapsulatedRepresentation(xfer, nullptr, sequence).bad() || !sequence) {
        throw std::runtime_error("encapsulated pixel data not found");
    }
    const EncapsulatedFrames frames(*sequence, a.numberOfFrames);
    EncapsulatedLayout layout{a.bitsAllocated / 8, 0};
    const auto jpegStart = [](std::span<const std::uint8_t> s) {
        return s.size() >= 2 && s[0] == 0xFF && s[1] == 0xD8;
    };
    if (isJpegProcess(a.transferSyntaxUid)) {
        const auto fragments = frames.frameFragments(frame, jpegStart);
        checkJpegFrame(frames, fragments, a);
        // DCMTK writes samples of the JPEG precision, whatever BitsAllocated says.
        const int precision = jpegSamplePrecision(frames.fragment(fragments.first));
        layout.bytesPerSample = precision > 8 ? 2 : 1;
    } else if (isRle(a.transferSyntaxUid)) {
        const int segments = a.samplesPerPixel * layout.bytesPerSample;
        const auto rleStart = [segments](std::span<const std::uint8_t> s) {
            return s.size() >= 64 && le32(s, 0) == static_cast<std::uint32_t>(segments);
        };
        checkRleFrame(frames.fragment(frames.frameFragments(frame, rleStart).first), segments,
                      static_cast<std::size_t>(a.rows) * a.columns);
    } else if (frames.fragmentCount() < a.numberOfFrames) {
        throw std::runtime_error("NumberOfFrames is " + std::to_string(a.numberOfFrames) +
                                 " but the pixel data holds only " +
                                 std::to_string(frames.fragmentCount()) + " fragments");
    } else if (isJpegLs(a.transferSyntaxUid)) {
        const auto fragments = frames.frameFragments(frame, jpegStart);
        checkJpegFrame(frames, fragments, a);
        // The scan header's NEAR; DCMTK's decoder reads the same header (and refuses the frame
        // if it is broken).
        layout.codingErrorBound = jpegLsNearBound(frames.fragment(fragments.first));
    }
    return layout;
}

}  // namespace

DecodedFrame DcmtkFrameDecoder::operator()(DcmItem& dataset, DcmPixelData& pixelData,
                                           const ImageAttributes& a, int frame) const {
    const EncapsulatedLayout layout = a.encapsulated ? prepareEncapsulated(pixelData, a, frame)
                                                     : EncapsulatedLayout{a.bitsAllocated / 8, 0};
    const int bytesPerSample = layout.bytesPerSample;
    const std::size_t pixels = static_cast<std::size_t>(a.rows) * a.columns;
    const int spp = a.samplesPerPixel;
    // Room for 16-bit samples whatever the header says, plus DCMTK's pad byte.
    const std::size_t bufferSize = pixels * spp * 2 + 2;
    std::vector<std::uint8_t> buffer(bufferSize);
    Uint32 startFragment = 0;
    OFString colorModel;
    const OFCondition status = pixelData.getUncompressedFrame(
        &dataset, static_cast<Uint32>(frame), startFragment, buffer.data(),
        static_cast<Uint32>(bufferSize), colorModel, nullptr);
    if (status.bad()) {
        throw std::runtime_error("cannot decode frame " + std::to_string(frame) + " (" +
                                 a.transferSyntaxName + "): " + status.text());
    }
    // Decoders may have rewritten PlanarConfiguration to describe their output.
    Uint16 planarValue = 0;
    const bool planar = spp > 1 &&
                        dataset.findAndGetUint16(DCM_PlanarConfiguration, planarValue).good() &&
                        planarValue == 1;

    DecodedFrame out;
    out.width = a.columns;
    out.height = a.rows;
    out.components = spp;
    out.bitsStored = a.bitsStored;
    out.isSigned = a.pixelSigned;
    out.colorModel = colorModel.empty() ? a.photometric : colorModel.c_str();
    const bool maskValues = !a.encapsulated || isRle(a.transferSyntaxUid) || a.pixelSigned;
    out.mayExceedBitsStored = !maskValues;
    out.lossy = a.lossy;
    out.codingErrorBound = layout.codingErrorBound;
    const int shift = a.highBit + 1 - a.bitsStored;
    const std::uint32_t mask = (1u << a.bitsStored) - 1u;
    const std::uint32_t signBit = 1u << (a.bitsStored - 1);
    std::uint32_t strayBits = 0;
    out.samples.resize(pixels * spp);
    for (int c = 0; c < spp; ++c) {
        std::int32_t* dst = out.samples.data() + c * pixels;
        for (std::size_t i = 0; i < pixels; ++i) {
            const std::size_t index = planar ? c * pixels + i : i * spp + c;
            std::uint32_t raw = 0;
            if (bytesPerSample == 2) {
                std::uint16_t v;
                std::memcpy(&v, buffer.data() + 2 * index, 2);  // host order from DCMTK
                raw = v;
            } else {
                raw = buffer[index];
            }
            if (!maskValues) {
                dst[i] = static_cast<std::int32_t>(raw >> shift);
                continue;
            }
            const std::uint32_t value = (raw >> shift) & mask;
            strayBits |= raw & ~(mask << shift);
            dst[i] = a.pixelSigned && (value & signBit)
                         ? static_cast<std::int32_t>(value) - static_cast<std::int32_t>(mask) - 1
                         : static_cast<std::int32_t>(value);
        }
    }
    if (strayBits != 0 && !a.pixelSigned) {
        out.warnings.push_back("pixel values have bits set outside BitsStored " +
                               std::to_string(a.bitsStored) + "; ignored as the standard says");
    }
    return out;
}

}  // namespace xrayprep::dicom
