#include "dicom/InflateDataset.h"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace xrayprep::dicom {
namespace {

// windowBits -15: raw deflate; 15: zlib header.
std::vector<std::uint8_t> inflateWith(std::span<const std::uint8_t> in, std::size_t maxBytes,
                                      int windowBits) {
    z_stream zs{};
    if (inflateInit2(&zs, windowBits) != Z_OK) throw std::runtime_error("zlib init failed");
    std::vector<std::uint8_t> out;
    std::size_t consumed = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        if (zs.avail_in == 0 && consumed < in.size()) {
            const std::size_t chunk = std::min<std::size_t>(in.size() - consumed, 1u << 30);
            zs.next_in = const_cast<Bytef*>(in.data() + consumed);
            zs.avail_in = static_cast<uInt>(chunk);
            consumed += chunk;
        }
        const std::size_t before = out.size();
        const std::size_t grow = std::max<std::size_t>(64 * 1024, before);
        if (before >= maxBytes) {
            inflateEnd(&zs);
            throw std::runtime_error("deflated dataset inflates to more than " +
                                     std::to_string(maxBytes >> 20) + " MiB");
        }
        out.resize(std::min(before + grow, maxBytes));
        zs.next_out = out.data() + before;
        zs.avail_out = static_cast<uInt>(out.size() - before);
        rc = inflate(&zs, Z_NO_FLUSH);
        out.resize(out.size() - zs.avail_out);
        if (rc == Z_STREAM_END) break;
        const bool inputExhausted = zs.avail_in == 0 && consumed == in.size();
        if ((rc != Z_OK && rc != Z_BUF_ERROR) || (rc == Z_BUF_ERROR && inputExhausted) ||
            (inputExhausted && out.size() == before)) {
            inflateEnd(&zs);
            // A truncated stream still gives what it had; the walk will find it short.
            if (inputExhausted && !out.empty() && rc != Z_DATA_ERROR) return out;
            throw std::runtime_error("deflated dataset is not a valid deflate stream");
        }
    }
    inflateEnd(&zs);
    return out;
}

}  // namespace

std::vector<std::uint8_t> inflateDeflatedDataset(std::span<const std::uint8_t> deflated,
                                                 std::size_t maxBytes) {
    try {
        return inflateWith(deflated, maxBytes, -15);
    } catch (const std::runtime_error&) {
        // Some writers wrap the stream in a zlib header; DCMTK accepts both.
        if (deflated.size() >= 2 && (deflated[0] & 0x0F) == 8 &&
            ((deflated[0] << 8) | deflated[1]) % 31 == 0) {
            return inflateWith(deflated, maxBytes, 15);
        }
        throw;
    }
}

}  // namespace xrayprep::dicom
