#include "dicom/EncapsulatedFrames.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcpxitem.h>

#include <stdexcept>
#include <string>

namespace xrayprep::dicom {

EncapsulatedFrames::EncapsulatedFrames(DcmPixelSequence& sequence, int numberOfFrames)
    : sequence_(sequence), frames_(numberOfFrames) {}

int EncapsulatedFrames::fragmentCount() const {
    const unsigned long items = sequence_.card();
    return items == 0 ? 0 : static_cast<int>(items - 1);
}

std::span<const std::uint8_t> EncapsulatedFrames::fragment(int index) const {
    DcmPixelItem* item = nullptr;
    if (sequence_.getItem(item, static_cast<Uint32>(index + 1)).bad() || item == nullptr) {
        throw std::runtime_error("pixel data fragment " + std::to_string(index) + " is missing");
    }
    Uint8* data = nullptr;
    if (item->getUint8Array(data).bad()) {
        throw std::runtime_error("pixel data fragment " + std::to_string(index) +
                                 " cannot be read");
    }
    return {data, data == nullptr ? 0 : item->getLength()};
}

std::vector<int> EncapsulatedFrames::startsFromOffsetTable() const {
    DcmPixelItem* table = nullptr;
    if (sequence_.getItem(table, 0).bad() || table == nullptr ||
        table->getLength() != 4u * static_cast<unsigned>(frames_)) {
        return {};
    }
    Uint8* raw = nullptr;
    if (table->getUint8Array(raw).bad() || raw == nullptr) return {};
    std::vector<int> starts;
    std::uint64_t position = 0;  // byte offset of the current fragment's item tag
    int index = 0;
    for (int f = 0; f < frames_; ++f) {
        const std::uint32_t offset = raw[4 * f] | (raw[4 * f + 1] << 8) | (raw[4 * f + 2] << 16) |
                                     (static_cast<std::uint32_t>(raw[4 * f + 3]) << 24);
        while (index < fragmentCount() && position < offset) {
            DcmPixelItem* item = nullptr;
            if (sequence_.getItem(item, static_cast<Uint32>(index + 1)).bad()) return {};
            position += item->getLength() + 8u;
            ++index;
        }
        if (position != offset || index >= fragmentCount()) return {};
        starts.push_back(index);
    }
    return starts;
}

std::pair<int, int> EncapsulatedFrames::frameFragments(int frame,
                                                       const FrameStartTest& isFrameStart) const {
    const int n = fragmentCount();
    if (n == 0) throw std::runtime_error("encapsulated pixel data holds no fragments");
    if (frames_ > n) {
        throw std::runtime_error("NumberOfFrames is " + std::to_string(frames_) +
                                 " but the pixel data holds only " + std::to_string(n) +
                                 " fragments");
    }
    if (frames_ == 1) return {0, n};
    if (frames_ == n) return {frame, frame + 1};
    std::vector<int> starts = startsFromOffsetTable();
    if (starts.empty()) {
        for (int i = 0; i < n; ++i) {
            if (isFrameStart(fragment(i))) starts.push_back(i);
        }
        if (starts.size() != static_cast<std::size_t>(frames_) || starts.front() != 0) {
            throw std::runtime_error("cannot tell which pixel data fragments belong to frame " +
                                     std::to_string(frame));
        }
    }
    const int last = frame + 1 < frames_ ? starts[frame + 1] : n;
    return {starts[frame], last};
}

std::vector<std::uint8_t> EncapsulatedFrames::frameBytes(int frame,
                                                         const FrameStartTest& isFrameStart) const {
    const auto [first, last] = frameFragments(frame, isFrameStart);
    std::vector<std::uint8_t> bytes;
    for (int i = first; i < last; ++i) {
        const auto data = fragment(i);
        bytes.insert(bytes.end(), data.begin(), data.end());
    }
    return bytes;
}

namespace {

// Walks the marker segments of a JPEG/JPEG-LS stream up to the first scan's data, calling
// visit(marker, position of the marker's 0xFF) for each until it returns true; true if one did.
template <class Visit>
bool visitJpegMarkers(std::span<const std::uint8_t> s, Visit&& visit) {
    std::size_t pos = 0;
    while (pos + 4 < s.size()) {
        if (s[pos] != 0xFF) {
            ++pos;  // entropy-coded data or fill; markers follow 0xFF
            continue;
        }
        const std::uint8_t marker = s[pos + 1];
        if (visit(marker, pos)) return true;
        const bool standalone = marker == 0xD8 || marker == 0xD9 || marker == 0x01 ||
                                marker == 0xFF || marker == 0x00 ||
                                (marker >= 0xD0 && marker <= 0xD7);
        if (standalone) {
            pos += marker == 0xFF ? 1 : 2;
            continue;
        }
        if (marker == 0xDA) return false;  // the scan's coded data follows
        pos += 2 + ((s[pos + 2] << 8) | s[pos + 3]);
    }
    return false;
}

}  // namespace

JpegFrameHeader jpegFrameHeader(std::span<const std::uint8_t> s) {
    JpegFrameHeader header;
    visitJpegMarkers(s, [&](std::uint8_t marker, std::size_t pos) {
        const bool startOfFrame = (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 &&
                                   marker != 0xC8 && marker != 0xCC) ||
                                  marker == 0xF7;  // JPEG-LS SOF55
        // SOF: length (2), precision (1), lines (2), samples per line (2), components (1).
        if (startOfFrame && pos + 9 < s.size()) {
            header.precision = s[pos + 4];
            header.lines = (s[pos + 5] << 8) | s[pos + 6];
            header.samplesPerLine = (s[pos + 7] << 8) | s[pos + 8];
            header.components = s[pos + 9];
        }
        return startOfFrame;
    });
    return header;
}

int jpegSamplePrecision(std::span<const std::uint8_t> s) { return jpegFrameHeader(s).precision; }

bool jpegHasEndOfImage(std::span<const std::uint8_t> s) {
    for (std::size_t i = s.size(); i >= 2; --i) {
        if (s[i - 2] == 0xFF && s[i - 1] == 0xD9) return true;
    }
    return false;
}

int jpegLsNearBound(std::span<const std::uint8_t> s) {
    bool jpegLs = false;
    int near = 0;
    visitJpegMarkers(s, [&](std::uint8_t marker, std::size_t pos) {
        if (marker == 0xF7) jpegLs = true;
        if (marker != 0xDA) return false;
        // SOS: length (2), component count Ns (1), Ns x (id, mapping table) (2 each), NEAR (1).
        const std::size_t at = pos + 5 + 2 * static_cast<std::size_t>(s[pos + 4]);
        if (jpegLs && at < s.size()) near = s[at];
        return true;
    });
    return near;
}

}  // namespace xrayprep::dicom
