#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace xrayprep::gpu {

// The chan-vese start on the device, as processing::ChanVeseStart defines it (the same float
// operations as ChanVeseMethod, no contraction): image = (median - offset) * scale and phi0 from
// the domain and the foreground; `seeded` (one counter, zeroed here) counts the foreground
// pixels with phi0 > 0, and where it stays 0 phi0 is rebuilt from the split alone.
void launchLevelSetStart(const float* median, const std::uint8_t* domain,
                         const std::uint8_t* foreground, float offset, float scale, float split,
                         float* image, float* phi, unsigned long long* seeded, std::size_t n,
                         cudaStream_t stream);

}  // namespace xrayprep::gpu
