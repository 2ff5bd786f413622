#include "dicom/Jpeg2000FrameDecoder.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcxfer.h>
#include <openjpeg.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "dicom/EncapsulatedFrames.h"

namespace xrayprep::dicom {
namespace {

constexpr std::uint8_t kJp2Signature[] = {0,   0,   0,    0x0C, 'j',  'P',
                                          ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A};
constexpr std::uint8_t kCodestreamStart[] = {0xFF, 0x4F, 0xFF, 0x51};  // SOC then SIZ

bool startsWith(std::span<const std::uint8_t> s, std::span<const std::uint8_t> prefix) {
    return s.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), s.begin());
}

bool isFrameStart(std::span<const std::uint8_t> s) {
    return startsWith(s, kCodestreamStart) || startsWith(s, kJp2Signature);
}

// OpenJPEG reads through callbacks; this serves them from memory.
struct MemoryStream {
    std::span<const std::uint8_t> data;
    std::size_t pos = 0;
};

OPJ_SIZE_T readBytes(void* buffer, OPJ_SIZE_T count, void* user) {
    auto* s = static_cast<MemoryStream*>(user);
    if (s->pos >= s->data.size()) return static_cast<OPJ_SIZE_T>(-1);
    const std::size_t n = std::min<std::size_t>(count, s->data.size() - s->pos);
    std::memcpy(buffer, s->data.data() + s->pos, n);
    s->pos += n;
    return n;
}
OPJ_OFF_T skipBytes(OPJ_OFF_T count, void* user) {
    auto* s = static_cast<MemoryStream*>(user);
    if (count < 0) {
        const std::size_t back = std::min<std::size_t>(static_cast<std::size_t>(-count), s->pos);
        s->pos -= back;
        return -static_cast<OPJ_OFF_T>(back);
    }
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(count),
                                                s->data.size() - std::min(s->pos, s->data.size()));
    s->pos += n;
    return static_cast<OPJ_OFF_T>(n);
}
OPJ_BOOL seekTo(OPJ_OFF_T position, void* user) {
    auto* s = static_cast<MemoryStream*>(user);
    if (position < 0 || static_cast<std::uint64_t>(position) > s->data.size()) return OPJ_FALSE;
    s->pos = static_cast<std::size_t>(position);
    return OPJ_TRUE;
}
void keepError(const char* message, void* user) {
    auto* text = static_cast<std::string*>(user);
    if (text->empty() && message != nullptr) {
        *text = message;
        while (!text->empty() && (text->back() == '\n' || text->back() == ' ')) text->pop_back();
    }
}
void ignoreMessage(const char*, void*) {}

struct CodecDeleter {
    void operator()(opj_codec_t* c) const { opj_destroy_codec(c); }
};
struct StreamDeleter {
    void operator()(opj_stream_t* s) const { opj_stream_destroy(s); }
};
struct ImageDeleter {
    void operator()(opj_image_t* i) const { opj_image_destroy(i); }
};

}  // namespace

bool isJpeg2000TransferSyntax(const std::string& uid) {
    return uid == "1.2.840.10008.1.2.4.90" || uid == "1.2.840.10008.1.2.4.91";
}

DecodedFrame Jpeg2000FrameDecoder::operator()(DcmPixelData& pixelData, const ImageAttributes& a,
                                              int frame) const {
    DcmPixelSequence* sequence = nullptr;
    const E_TransferSyntax xfer = DcmXfer(a.transferSyntaxUid.c_str()).getXfer();
    if (xfer == EXS_Unknown ||
        pixelData.getEncapsulatedRepresentation(xfer, nullptr, sequence).bad() || !sequence) {
        throw std::runtime_error("encapsulated JPEG 2000 pixel data not found");
    }
    const EncapsulatedFrames frames(*sequence, a.numberOfFrames);
    const std::vector<std::uint8_t> bytes = frames.frameBytes(frame, &isFrameStart);
    return decode(bytes, a);
}

DecodedFrame Jpeg2000FrameDecoder::decode(std::span<const std::uint8_t> bytes,
                                          const ImageAttributes& a) const {
    DecodedFrame out;
    OPJ_CODEC_FORMAT format = OPJ_CODEC_J2K;
    if (startsWith(bytes, kJp2Signature)) {
        format = OPJ_CODEC_JP2;
    } else if (!startsWith(bytes, kCodestreamStart)) {
        // Some writers put padding before the codestream: start at the first SOC+SIZ.
        const auto it = std::search(bytes.begin(), bytes.end(), std::begin(kCodestreamStart),
                                    std::end(kCodestreamStart));
        if (it == bytes.end()) throw std::runtime_error("no JPEG 2000 codestream in the frame");
        out.warnings.push_back("JPEG 2000 codestream does not start at the fragment start");
        bytes = bytes.subspan(static_cast<std::size_t>(it - bytes.begin()));
    }
    std::unique_ptr<opj_codec_t, CodecDeleter> codec(opj_create_decompress(format));
    if (!codec) throw std::runtime_error("cannot create the JPEG 2000 decoder");
    std::string error;
    opj_set_error_handler(codec.get(), &keepError, &error);
    opj_set_warning_handler(codec.get(), &ignoreMessage, nullptr);
    opj_set_info_handler(codec.get(), &ignoreMessage, nullptr);
    opj_dparameters_t parameters;
    opj_set_default_decoder_parameters(&parameters);
    if (!opj_setup_decoder(codec.get(), &parameters)) {
        throw std::runtime_error("cannot set up the JPEG 2000 decoder");
    }
    if (opj_has_thread_support()) {
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        opj_codec_set_threads(codec.get(), static_cast<int>(std::min(cores, 8u)));
    }
    MemoryStream memory{bytes, 0};
    std::unique_ptr<opj_stream_t, StreamDeleter> stream(opj_stream_create(1 << 20, OPJ_TRUE));
    if (!stream) throw std::runtime_error("cannot create the JPEG 2000 stream");
    opj_stream_set_user_data(stream.get(), &memory, nullptr);
    opj_stream_set_user_data_length(stream.get(), bytes.size());
    opj_stream_set_read_function(stream.get(), &readBytes);
    opj_stream_set_skip_function(stream.get(), &skipBytes);
    opj_stream_set_seek_function(stream.get(), &seekTo);

    opj_image_t* rawImage = nullptr;
    const bool headerOk = opj_read_header(stream.get(), codec.get(), &rawImage);
    std::unique_ptr<opj_image_t, ImageDeleter> image(rawImage);
    if (!headerOk || !image || image->numcomps == 0) {
        throw std::runtime_error("invalid JPEG 2000 header" + (error.empty() ? "" : ": " + error));
    }
    // OpenJPEG allocates 4 bytes per sample for every component it decodes: a stream
    // listing thousands of components would multiply the frame limit by that many.
    if (image->numcomps > 4) {
        throw std::runtime_error("JPEG 2000 stream has " + std::to_string(image->numcomps) +
                                 " components (at most 4 are read)");
    }
    const std::uint32_t width = image->x1 - image->x0, height = image->y1 - image->y0;
    if (width != static_cast<std::uint32_t>(a.columns) ||
        height != static_cast<std::uint32_t>(a.rows)) {
        throw std::runtime_error("JPEG 2000 image is " + std::to_string(width) + " x " +
                                 std::to_string(height) + " but the header says " +
                                 std::to_string(a.columns) + " x " + std::to_string(a.rows));
    }
    const opj_image_comp_t& first = image->comps[0];
    if (first.prec < 1 || first.prec > 16) {
        throw std::runtime_error("JPEG 2000 precision of " + std::to_string(first.prec) +
                                 " bits is not supported (16 at most)");
    }
    if (!opj_decode(codec.get(), stream.get(), image.get()) ||
        !opj_end_decompress(codec.get(), stream.get())) {
        throw std::runtime_error("JPEG 2000 decoding failed" + (error.empty() ? "" : ": " + error));
    }

    // YBR_ICT/YBR_RCT: OpenJPEG undoes the component transform, the result is RGB.
    out.colorModel =
        (a.photometric == "YBR_ICT" || a.photometric == "YBR_RCT") ? "RGB" : a.photometric;
    int components = std::min<int>(static_cast<int>(image->numcomps), 3);
    if (components == 2) components = 1;
    for (int c = 0; c < components; ++c) {
        const opj_image_comp_t& comp = image->comps[c];
        if (comp.w != width || comp.h != height || comp.data == nullptr) {
            if (c > 0 && out.colorModel.rfind("YBR", 0) == 0) {
                components = 1;  // subsampled chroma: luminance is component 0 anyway
                break;
            }
            throw std::runtime_error("JPEG 2000 component " + std::to_string(c) +
                                     " has an unexpected size");
        }
    }
    if (components == 1 && out.colorModel != "MONOCHROME1" && out.colorModel != "MONOCHROME2") {
        out.colorModel = out.colorModel.rfind("YBR", 0) == 0 ? "YBR_FULL" : "MONOCHROME2";
    }
    const int precision = static_cast<int>(first.prec);
    const bool streamSigned = first.sgnd != 0;
    out.width = static_cast<int>(width);
    out.height = static_cast<int>(height);
    out.components = components;
    out.bitsStored = a.bitsStored;
    out.isSigned = a.pixelSigned || streamSigned;
    out.mayExceedBitsStored = true;
    out.lossy = a.lossy;
    if (precision != a.bitsStored) {
        out.warnings.push_back("JPEG 2000 precision is " + std::to_string(precision) +
                               " bits but BitsStored is " + std::to_string(a.bitsStored));
    }
    // The header says signed but the stream holds unsigned codes: they are two's complement
    // bit patterns of `precision` bits (as pydicom and GDCM read such files).
    const bool reinterpret = a.pixelSigned && !streamSigned;
    if (reinterpret) {
        out.warnings.emplace_back(
            "JPEG 2000 stream is unsigned but PixelRepresentation is signed; values read as "
            "two's complement");
    } else if (streamSigned && !a.pixelSigned) {
        out.warnings.emplace_back(
            "JPEG 2000 stream is signed but PixelRepresentation is unsigned; kept signed");
    }
    const std::size_t pixels = static_cast<std::size_t>(width) * height;
    out.samples.resize(pixels * components);
    const std::int32_t wrap = std::int32_t{1} << precision;
    const std::int32_t half = wrap >> 1;
    for (int c = 0; c < components; ++c) {
        const OPJ_INT32* src = image->comps[c].data;
        std::int32_t* dst = out.samples.data() + c * pixels;
        if (reinterpret) {
            for (std::size_t i = 0; i < pixels; ++i)
                dst[i] = src[i] >= half ? src[i] - wrap : src[i];
        } else {
            std::copy(src, src + pixels, dst);
        }
    }
    return out;
}

}  // namespace xrayprep::dicom
