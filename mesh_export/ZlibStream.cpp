#include "mesh_export/ZlibStream.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "mesh_export/Checksums.h"

#ifdef XRAYPREP_HAVE_ZLIB
#include <zlib.h>
#endif

namespace xrayprep::mesh_export {

namespace {

constexpr std::size_t kMaxStoredBlock = 65535;

void appendBigEndian32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

#ifndef XRAYPREP_HAVE_ZLIB
std::uint32_t readBigEndian32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           std::uint32_t{p[3]};
}

// Reads a stream made only of stored blocks (what zlibStore writes); the fallback reader.
std::vector<std::uint8_t> unstore(std::span<const std::uint8_t> s, std::size_t expectedSize) {
    if (s.size() < 6) throw std::runtime_error("zlib stream: truncated");
    if ((s[0] & 0x0Fu) != 8 || ((s[0] << 8) | s[1]) % 31 != 0 || (s[1] & 0x20u) != 0) {
        throw std::runtime_error("zlib stream: bad header");
    }
    std::vector<std::uint8_t> out;
    out.reserve(expectedSize);
    std::size_t pos = 2;
    bool final = false;
    while (!final) {
        if (pos + 5 > s.size()) throw std::runtime_error("zlib stream: truncated block");
        final = (s[pos] & 1u) != 0;
        if (((s[pos] >> 1) & 3u) != 0) {
            throw std::runtime_error(
                "zlib stream: compressed blocks not supported (built without zlib)");
        }
        const std::size_t len = s[pos + 1] | (std::size_t{s[pos + 2]} << 8);
        const std::size_t nlen = s[pos + 3] | (std::size_t{s[pos + 4]} << 8);
        if ((len ^ 0xFFFFu) != nlen) throw std::runtime_error("zlib stream: bad stored length");
        pos += 5;
        if (pos + len > s.size() || out.size() + len > expectedSize) {
            throw std::runtime_error("zlib stream: stored block overruns");
        }
        out.insert(out.end(), s.begin() + static_cast<std::ptrdiff_t>(pos),
                   s.begin() + static_cast<std::ptrdiff_t>(pos + len));
        pos += len;
    }
    if (pos + 4 > s.size()) throw std::runtime_error("zlib stream: missing Adler-32");
    if (readBigEndian32(s.data() + pos) != adler32(out)) {
        throw std::runtime_error("zlib stream: Adler-32 mismatch");
    }
    if (out.size() != expectedSize) {
        throw std::runtime_error("zlib stream: decoded " + std::to_string(out.size()) +
                                 " bytes, expected " + std::to_string(expectedSize));
    }
    return out;
}

#else
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
#endif

}  // namespace

bool zlibAvailable() {
#ifdef XRAYPREP_HAVE_ZLIB
    return true;
#else
    return false;
#endif
}

std::vector<std::uint8_t> zlibStore(std::span<const std::uint8_t> data) {
    const std::size_t blocks =
        std::max<std::size_t>(1, (data.size() + kMaxStoredBlock - 1) / kMaxStoredBlock);
    std::vector<std::uint8_t> out;
    out.reserve(2 + data.size() + 5 * blocks + 4);
    // CMF 0x78: deflate, 32 KiB window; FLG 0x01: no dictionary, level "fastest", and
    // (0x78 * 256 + 0x01) % 31 == 0 as RFC 1950 requires.
    out.push_back(0x78);
    out.push_back(0x01);
    std::size_t pos = 0;
    for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t len = std::min(kMaxStoredBlock, data.size() - pos);
        const bool final = b + 1 == blocks;
        out.push_back(final ? 1 : 0);  // BFINAL, BTYPE=00 (stored), then byte-aligned
        out.push_back(static_cast<std::uint8_t>(len & 0xFFu));
        out.push_back(static_cast<std::uint8_t>(len >> 8));
        out.push_back(static_cast<std::uint8_t>(~len & 0xFFu));
        out.push_back(static_cast<std::uint8_t>((~len >> 8) & 0xFFu));
        out.insert(out.end(), data.begin() + static_cast<std::ptrdiff_t>(pos),
                   data.begin() + static_cast<std::ptrdiff_t>(pos + len));
        pos += len;
    }
    appendBigEndian32(out, adler32(data));
    return out;
}

std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, int level) {
    if (level < 0 || level > 9) {
        throw std::invalid_argument("zlibCompress: level must be 0..9, got " +
                                    std::to_string(level));
    }
#ifdef XRAYPREP_HAVE_ZLIB
    if (level > 0) return deflateWithZlib(data, level);
#endif
    return zlibStore(data);
}

std::vector<std::uint8_t> zlibDecompress(std::span<const std::uint8_t> stream,
                                         std::size_t expectedSize) {
#ifdef XRAYPREP_HAVE_ZLIB
    return inflateWithZlib(stream, expectedSize);
#else
    return unstore(stream, expectedSize);
#endif
}

}  // namespace xrayprep::mesh_export
