#include "dicom/DatasetScanner.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dctag.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "dicom/ByteSource.h"
#include "dicom/InflateDataset.h"

namespace xrayprep::dicom {
namespace {

constexpr std::uint32_t kUndefinedLength = 0xFFFFFFFFu;
constexpr std::uint16_t kDelimiterGroup = 0xFFFE;
constexpr std::uint16_t kItem = 0xE000;
constexpr std::uint16_t kItemDelimiter = 0xE00D;
constexpr std::uint16_t kSequenceDelimiter = 0xE0DD;
constexpr std::size_t kNoEnd = static_cast<std::size_t>(-1);

struct Encoding {
    bool explicitVr = true;
    bool bigEndian = false;
};

std::uint16_t read16(const std::uint8_t* p, bool bigEndian) {
    return bigEndian ? static_cast<std::uint16_t>((p[0] << 8) | p[1])
                     : static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}

std::uint32_t read32(const std::uint8_t* p, bool bigEndian) {
    const std::uint32_t a = read16(p, bigEndian), b = read16(p + 2, bigEndian);
    return bigEndian ? (a << 16) | b : a | (b << 16);
}

bool isKnownVr(std::uint8_t a, std::uint8_t b) {
    static constexpr std::string_view kVrs =
        "AE AS AT CS DA DS DT FD FL IS LO LT OB OD OF OL OV OW PN SH SL SQ SS ST SV TM UC UI UL "
        "UN UR US UT UV";
    for (std::size_t i = 0; i + 1 < kVrs.size(); i += 3) {
        if (kVrs[i] == a && kVrs[i + 1] == b) return true;
    }
    return false;
}

// Explicit VRs with 2 reserved bytes and a 32-bit length.
bool hasLongLength(std::uint8_t a, std::uint8_t b) {
    static constexpr std::string_view kLong = "OB OD OF OL OV OW SQ SV UC UN UR UT UV";
    for (std::size_t i = 0; i + 1 < kLong.size(); i += 3) {
        if (kLong[i] == a && kLong[i + 1] == b) return true;
    }
    return false;
}

bool dictionarySaysSequence(std::uint16_t group, std::uint16_t element) {
    return DcmTag(DcmTagKey(group, element)).getEVR() == EVR_SQ;
}

std::string tagText(std::uint16_t group, std::uint16_t element) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "(%04X,%04X)", group, element);
    return buf;
}

enum class Kind { Items, Sequence, Fragments };

struct Container {
    Kind kind;
    std::size_t end;  // exclusive; kNoEnd for undefined length
    Encoding encoding;
    std::uint32_t lastTag = 0;  // Items: the previous element's tag
    bool anyTag = false;        // Items: lastTag is set
    std::size_t count = 0;      // Items: elements so far
};

constexpr std::uint32_t kPixelDataTag = 0x7FE00010u;

// The iterative walk over one dataset (already inflated), with an explicit container stack.
class Walker {
  public:
    Walker(ByteSource& data, std::size_t start, Encoding encoding, const DatasetScanLimits& limits,
           DatasetScanResult& result)
        : data_(data), pos_(start), limits_(limits), result_(result) {
        stack_.push_back({Kind::Items, data.size(), encoding});
    }

    void run() {
        while (step()) {
        }
    }

  private:
    bool fail(std::string problem) {
        result_.problem = std::move(problem);
        // Whatever breaks the walk after the pixel data is not needed to read the image.
        if (result_.pixelDataEnd != 0) result_.trailingJunk = true;
        return false;
    }

    bool step() {
        const Container top = stack_.back();
        if (top.end != kNoEnd && pos_ == top.end) {
            if (stack_.size() == 1) {
                result_.complete = true;
                return false;
            }
            popContainer();
            return true;
        }
        if (top.end != kNoEnd && pos_ > top.end) {
            return fail("an element runs past the end of its enclosing item or sequence");
        }
        if (data_.size() - pos_ < 8) {
            if (stack_.size() == 1) {  // a few bytes of trailing padding
                result_.complete = true;
                return false;
            }
            return fail("file ends inside a sequence (missing delimiter)");
        }
        const std::uint8_t* p = data_.at(pos_, 8);
        const bool be = top.encoding.bigEndian;
        const std::uint16_t group = read16(p, be), element = read16(p + 2, be);
        switch (top.kind) {
            case Kind::Sequence:
                return sequenceStep(top, group, element, read32(p + 4, be));
            case Kind::Fragments:
                return fragmentStep(top, group, element, read32(p + 4, be));
            case Kind::Items:
                break;
        }
        return elementStep(top, group, element);
    }

    bool sequenceStep(const Container& top, std::uint16_t group, std::uint16_t element,
                      std::uint32_t length) {
        if (group == kDelimiterGroup && element == kSequenceDelimiter && top.end == kNoEnd) {
            pos_ += 8;
            popContainer();
            return true;
        }
        if (group != kDelimiterGroup || element != kItem) {
            return fail("unexpected " + tagText(group, element) + " inside a sequence");
        }
        pos_ += 8;
        if (length == kUndefinedLength) {
            stack_.push_back({Kind::Items, kNoEnd, top.encoding});
            return true;
        }
        if (!fits(length, top)) return fail("a sequence item is longer than the data left");
        stack_.push_back({Kind::Items, pos_ + length, top.encoding});
        return true;
    }

    bool fragmentStep(const Container& top, std::uint16_t group, std::uint16_t element,
                      std::uint32_t length) {
        if (group == kDelimiterGroup && element == kSequenceDelimiter) {
            pos_ += 8;
            popContainer();
            if (stack_.size() == 1) result_.pixelDataEnd = pos_;
            return true;
        }
        if (group != kDelimiterGroup || element != kItem || length == kUndefinedLength) {
            return fail("malformed encapsulated pixel data");
        }
        pos_ += 8;
        if (!fits(length, top)) return fail("a pixel data fragment is longer than the data left");
        pos_ += length;
        return true;
    }

    bool elementStep(const Container& top, std::uint16_t group, std::uint16_t element) {
        const bool topLevel = stack_.size() == 1;
        if (group == kDelimiterGroup) {
            if (element == kItemDelimiter && !topLevel && top.end == kNoEnd) {
                pos_ += 8;
                popContainer();
                return true;
            }
            return fail("unexpected delimiter " + tagText(group, element));
        }
        const std::size_t start = pos_;
        const std::uint32_t tag = (std::uint32_t{group} << 16) | element;
        if (topLevel && result_.pixelDataEnd != 0 && tag <= stack_.back().lastTag) {
            // A tag going backwards after the pixel data: junk appended to the file (zeros,
            // another file), so the dataset ended before it.
            return fail("a tag going backwards at byte " + std::to_string(start));
        }
        const std::uint8_t* p = data_.at(pos_, std::min<std::size_t>(12, data_.size() - pos_));
        const Encoding enc = top.encoding;
        std::uint32_t length = 0;
        bool sequence = false, unknownVr = false;
        if (enc.explicitVr) {
            if (!isKnownVr(p[4], p[5])) return fail("invalid VR at " + tagText(group, element));
            if (hasLongLength(p[4], p[5])) {
                if (data_.size() - pos_ < 12) return fail("file ends inside an element header");
                length = read32(p + 8, enc.bigEndian);
                pos_ += 12;
            } else {
                length = read16(p + 6, enc.bigEndian);
                pos_ += 8;
            }
            sequence = p[4] == 'S' && p[5] == 'Q';
            unknownVr = p[4] == 'U' && p[5] == 'N';
        } else {
            length = read32(p + 4, enc.bigEndian);
            pos_ += 8;
            sequence = dictionarySaysSequence(group, element);
        }
        ++result_.elements;
        if (limits_.maxElements != 0 && result_.elements > limits_.maxElements) {
            result_.elementsExceeded = true;
            return fail("more than " + std::to_string(limits_.maxElements) + " data elements");
        }
        Container& items = stack_.back();
        if (items.anyTag && tag <= items.lastTag) {
            if (topLevel) result_.tagsAscending = false;
            // DCMTK inserts such an element by walking back through the item's element list:
            // up to `count` steps each, quadratic in all (a million took 134 s). A repeat of the
            // previous tag is found in one step and dropped.
            ++result_.unorderedElements;
            result_.reorderSteps += tag == items.lastTag ? 1 : items.count;
            if (limits_.maxReorderSteps != 0 && result_.reorderSteps > limits_.maxReorderSteps) {
                result_.unorderedExceeded = true;
                return fail(std::to_string(result_.unorderedElements) +
                            " data elements out of order or repeated, too many to sort");
            }
        }
        if (!items.anyTag || tag != items.lastTag) ++items.count;
        items.lastTag = tag;
        items.anyTag = true;
        if (topLevel) ++result_.topLevelElements;
        if (length == kUndefinedLength) {
            if (tag == kPixelDataTag) {
                stack_.push_back({Kind::Fragments, kNoEnd, enc});
            } else {
                // DCMTK reads any undefined-length element as a sequence; UN content is
                // implicit VR little endian (CP-246).
                const Encoding inner = unknownVr ? Encoding{false, false} : enc;
                if (!pushSequence(kNoEnd, inner)) return false;
            }
        } else if (!fits(length, top)) {
            return fail("element " + tagText(group, element) + " claims " + std::to_string(length) +
                        " bytes but only " + std::to_string(available(top)) + " remain");
        } else if (sequence) {
            if (!pushSequence(pos_ + length, enc)) return false;
        } else {
            pos_ += length;
            if (topLevel && tag == kPixelDataTag) result_.pixelDataEnd = pos_;
        }
        if (topLevel && limits_.maxTopLevelElements != 0 &&
            result_.topLevelElements >= limits_.maxTopLevelElements) {
            result_.stoppedAtElementLimit = true;
            return false;
        }
        return true;
    }

    bool pushSequence(std::size_t end, Encoding encoding) {
        stack_.push_back({Kind::Sequence, end, encoding});
        ++depth_;
        if (depth_ > result_.maxDepth) result_.maxDepth = depth_;
        if (depth_ > limits_.maxSequenceDepth) {
            result_.depthExceeded = true;
            return fail("sequences nested deeper than " + std::to_string(limits_.maxSequenceDepth) +
                        " levels");
        }
        return true;
    }

    void popContainer() {
        if (stack_.back().kind == Kind::Sequence) --depth_;
        stack_.pop_back();
    }

    std::size_t available(const Container& top) const {
        const std::size_t end = top.end == kNoEnd ? data_.size() : top.end;
        return end > pos_ ? end - pos_ : 0;
    }
    bool fits(std::uint32_t length, const Container& top) const { return length <= available(top); }

    ByteSource& data_;
    std::size_t pos_;
    const DatasetScanLimits& limits_;
    DatasetScanResult& result_;
    std::vector<Container> stack_;
    int depth_ = 0;
};

// Reads the group 0002 meta elements (explicit VR little endian, or implicit in some broken
// writers) and returns where the dataset starts.
std::size_t readMetaHeader(ByteSource& data, std::size_t pos, DatasetScanResult& result) {
    while (data.size() - pos >= 8 && read16(data.at(pos, 8), false) == 0x0002) {
        const std::uint8_t* p = data.at(pos, std::min<std::size_t>(12, data.size() - pos));
        const std::uint16_t element = read16(p + 2, false);
        std::size_t header = 8;
        std::uint32_t length = 0;
        if (isKnownVr(p[4], p[5])) {
            if (hasLongLength(p[4], p[5])) {
                if (data.size() - pos < 12) break;
                length = read32(p + 8, false);
                header = 12;
            } else {
                length = read16(p + 6, false);
            }
        } else {
            length = read32(p + 4, false);
        }
        if (length == kUndefinedLength || length > data.size() - pos - header) break;
        result.hasMetaHeader = true;
        if (element == 0x0010) {
            // A UID is at most 64 characters; a longer value is read in part (and is unknown).
            const std::size_t n = std::min<std::size_t>(length, 256);
            std::string uid(reinterpret_cast<const char*>(data.at(pos + header, n)), n);
            while (!uid.empty() && (uid.back() == '\0' || uid.back() == ' ')) uid.pop_back();
            result.transferSyntaxUid = uid;
        }
        pos += header + length;
    }
    return pos;
}

Encoding guessEncoding(ByteSource& data, std::size_t pos) {
    if (data.size() - pos < 8) return {};
    const std::uint8_t* p = data.at(pos, 8);
    // The first dataset group is small (0008 typically): pick the byte order that makes it so.
    const bool bigEndian = read16(p, true) < read16(p, false);
    return {isKnownVr(p[4], p[5]), bigEndian};
}

// The deflated stream from pos to the end. A deflate stream is never much longer than what it
// inflates to (stored blocks add 5 bytes per 64 KiB), so one longer than the inflate limit
// plus 1 % cannot fit in it and is refused without being read.
std::vector<std::uint8_t> readRest(ByteSource& data, std::size_t pos, std::size_t maxInflated) {
    const std::size_t n = data.size() - pos;
    if (n > maxInflated + maxInflated / 100) {
        throw std::runtime_error("deflated dataset inflates to more than " +
                                 std::to_string(maxInflated >> 20) + " MiB");
    }
    std::vector<std::uint8_t> out(n);
    for (std::size_t done = 0; done < n;) {
        const std::size_t chunk = std::min(ByteSource::kMaxRead, n - done);
        std::copy_n(data.at(pos + done, chunk), chunk, out.begin() + static_cast<long>(done));
        done += chunk;
    }
    return out;
}

}  // namespace

DatasetScanResult DatasetScanner::operator()(std::span<const std::uint8_t> file) const {
    SpanByteSource source(file);
    return (*this)(source);
}

DatasetScanResult DatasetScanner::operator()(ByteSource& file) const {
    DatasetScanResult result;
    std::size_t pos = 0;
    if (file.size() >= 132 &&
        std::string_view(reinterpret_cast<const char*>(file.at(128, 4)), 4) == "DICM") {
        result.hasPreamble = true;
        pos = 132;
    }
    pos = readMetaHeader(file, pos, result);
    const std::string& ts = result.transferSyntaxUid;
    Encoding encoding;
    if (ts == "1.2.840.10008.1.2") {
        encoding = {false, false};
    } else if (ts == "1.2.840.10008.1.2.2") {
        encoding = {true, true};
    } else if (ts.empty()) {
        encoding = guessEncoding(file, pos);
    }
    if (ts == "1.2.840.10008.1.2.1.99") {
        std::vector<std::uint8_t> inflated;
        try {
            inflated = inflateDeflatedDataset(readRest(file, pos, limits_.maxInflatedBytes),
                                              limits_.maxInflatedBytes);
        } catch (const std::exception& e) {
            result.inflateFailed = true;
            result.problem = e.what();
            return result;
        }
        SpanByteSource inflatedSource(inflated);
        Walker(inflatedSource, 0, encoding, limits_, result).run();
        result.pixelDataEnd = 0;  // an offset into the inflated data, not the file
        result.trailingJunk = false;
        return result;
    }
    Walker(file, pos, encoding, limits_, result).run();
    return result;
}

}  // namespace xrayprep::dicom
