#include "io/ZlibStream.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <zlib.h>

namespace xrayprep::io {

namespace {

// zlib counts in uInt: feed and drain in pieces that fit.
constexpr std::size_t kZlibPiece = std::size_t{1} << 30;

std::vector<std::uint8_t> deflateWithZlib(std::span<const std::uint8_t> data, int level) {
    z_stream z{};
    if (deflateInit2(&z, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("zlib: deflateInit failed");
    }
    std::vector<std::uint8_t> out(deflateBound(&z, static_cast<uLong>(data.size())) + 64);
    std::size_t inDone = 0;
    std::size_t outDone = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        if (out.size() - outDone < 64) out.resize(out.size() * 2);  // deflateBound was wrong
        const std::size_t inPiece = std::min(data.size() - inDone, kZlibPiece);
        const std::size_t outPiece = std::min(out.size() - outDone, kZlibPiece);
        z.next_in = const_cast<Bytef*>(data.data() + inDone);
        z.avail_in = static_cast<uInt>(inPiece);
        z.next_out = out.data() + outDone;
        z.avail_out = static_cast<uInt>(outPiece);
        const bool last = inDone + inPiece == data.size();
        rc = deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
        inDone += inPiece - z.avail_in;
        outDone += outPiece - z.avail_out;
        if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
            deflateEnd(&z);
            throw std::runtime_error("zlib: deflate failed");
        }
    }
    deflateEnd(&z);
    out.resize(outDone);
    return out;
}

std::vector<std::uint8_t> inflateWithZlib(std::span<const std::uint8_t> stream,
                                          std::size_t expectedSize) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) throw std::runtime_error("zlib: inflateInit failed");
    // One spare byte detects a stream that decodes to more than expected.
    std::vector<std::uint8_t> out(expectedSize + 1);
    std::size_t inDone = 0;
    std::size_t outDone = 0;
    int rc = Z_OK;
    do {  // ends on Z_STREAM_END, an error, or Z_BUF_ERROR (no progress possible)
        const std::size_t inPiece = std::min(stream.size() - inDone, kZlibPiece);
        const std::size_t outPiece = std::min(out.size() - outDone, kZlibPiece);
        z.next_in = const_cast<Bytef*>(stream.data() + inDone);
        z.avail_in = static_cast<uInt>(inPiece);
        z.next_out = out.data() + outDone;
        z.avail_out = static_cast<uInt>(outPiece);
        rc = inflate(&z, Z_NO_FLUSH);
        inDone += inPiece - z.avail_in;
        outDone += outPiece - z.avail_out;
    } while (rc == Z_OK);
    inflateEnd(&z);
    if (rc != Z_STREAM_END) {
        throw std::runtime_error(rc == Z_BUF_ERROR ? "zlib stream: truncated or too long"
                                                   : "zlib stream: corrupt data");
    }
    if (outDone != expectedSize) {
        throw std::runtime_error("zlib stream: decoded " + std::to_string(outDone) +
                                 " bytes, expected " + std::to_string(expectedSize));
    }
    out.resize(outDone);
    return out;
}
}  // namespace

std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, int level) {
    if (level < 0 || level > 9) {
        throw std::invalid_argument("zlibCompress: level must be 0..9, got " +
                                    std::to_string(level));
    }
    return deflateWithZlib(data, level);
}

std::vector<std::uint8_t> zlibDecompress(std::span<const std::uint8_t> stream,
                                         std::size_t expectedSize) {
    return inflateWithZlib(stream, expectedSize);
}

}  // namespace xrayprep::io
