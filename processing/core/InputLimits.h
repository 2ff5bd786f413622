#pragma once

#include <cstdint>

namespace xrayprep::processing {

// The largest image the pipeline takes, so that the memory one input needs is bounded before
// anything is decoded. The pipeline, its outputs and `--export all` hold about 29 bytes per
// pixel at their peak (measured: 36 MP took 1.04 GB, 1760 x 1760 took 135 MB), so 2^25
// pixels (33.5 MP, e.g. 5792 x 5792) stay near 1 GiB. The largest radiographs are about 18 MP
// (43 x 43 cm at 0.1 mm); a decoder can produce far more from a small file (RLE of a uniform
// image compresses 64-fold), which is what this refuses.
inline constexpr std::uint64_t kMaxInputPixels = std::uint64_t{1} << 25;

}  // namespace xrayprep::processing
