#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "dicom/ByteSource.h"

namespace xrayprep::dicom {

struct DatasetScanLimits {
    // Real files nest a handful of levels (structured reports perhaps 20); DCMTK 3.6.7 parses
    // sequences recursively and overflows its stack on tens of thousands of levels.
    int maxSequenceDepth = 64;
    // Stop after this many top-level dataset elements (0: walk everything); for probing.
    std::size_t maxTopLevelElements = 0;
    // Give up after this many elements at any level (0: no limit): DCMTK allocates an object
    // per element, so a file of millions of tiny elements costs gigabytes and minutes.
    std::size_t maxElements = 0;
    // A deflated dataset is inflated for the walk; more than this is refused (zip bomb).
    std::size_t maxInflatedBytes = std::size_t{256} << 20;
    // Give up when elements out of order or repeated within their item would cost DCMTK more
    // than this many list steps to insert (0: no limit). DCMTK walks back through the item's
    // elements for each one: a million repeated elements took 134 s.
    std::size_t maxReorderSteps = 0;
};

struct DatasetScanResult {
    bool hasPreamble = false;       // "DICM" at offset 128
    bool hasMetaHeader = false;     // group 0002 elements precede the dataset
    std::string transferSyntaxUid;  // (0002,0010); empty when absent
    int maxDepth = 0;               // deepest sequence nesting seen (0: no sequences)
    bool depthExceeded = false;     // maxDepth went past the limit; the walk stopped there
    bool inflateFailed = false;     // deflated dataset that could not be inflated
    std::size_t topLevelElements = 0;
    bool tagsAscending = true;  // top-level dataset tags strictly ascending
    bool complete = false;      // walked to the end of the data without losing track
    bool stoppedAtElementLimit = false;
    std::size_t elements = 0;           // elements seen at any level
    bool elementsExceeded = false;      // more than maxElements; the walk stopped there
    std::size_t unorderedElements = 0;  // elements whose tag is not above the previous one
    std::size_t reorderSteps = 0;       // their insertion cost bound: elements before each one
    bool unorderedExceeded = false;     // more than maxReorderSteps; the walk stopped there
    // Offset just past a top-level Pixel Data element walked completely (0: none, or a
    // deflated dataset). With trailingJunk, what follows it is not part of the dataset.
    std::size_t pixelDataEnd = 0;
    bool trailingJunk = false;  // the walk stopped at a tag going backwards after the pixel data
    std::string problem;        // why the walk stopped early, in plain words
};

// Walks the raw element structure of a DICOM file (Part 10 or bare dataset; implicit/explicit
// VR, little/big endian, deflate, CP-246 UN sequences) without building a dataset, to find how
// deep sequences nest before DCMTK parses them recursively. It never recurses itself, reads
// only inside the given bytes and allocates nothing proportional to the nesting depth beyond
// the limit.
class DatasetScanner {
  public:
    explicit DatasetScanner(DatasetScanLimits limits = {}) : limits_(limits) {}

    [[nodiscard]] DatasetScanResult operator()(std::span<const std::uint8_t> file) const;
    // The same walk over bytes read on demand (a file that is not held in memory).
    [[nodiscard]] DatasetScanResult operator()(ByteSource& file) const;

  private:
    DatasetScanLimits limits_;
};

}  // namespace xrayprep::dicom
