#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace xrayprep::dicom {

// Inflates the deflated dataset of a "Deflated Explicit VR Little Endian" file (raw deflate as
// the standard says, or a zlib stream as some writers produce). Throws std::runtime_error when
// the data is not a valid stream or would inflate to more than maxBytes.
std::vector<std::uint8_t> inflateDeflatedDataset(std::span<const std::uint8_t> deflated,
                                                 std::size_t maxBytes);

}  // namespace xrayprep::dicom
