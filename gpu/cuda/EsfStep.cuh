#pragma once

// The one per-pixel expression of the explicit ESF on the device, shared by every ESF kernel
// (temporally blocked default and the source study's reference variants).

#include <cuda_runtime.h>

namespace xrayprep::gpu::esf_device {

inline constexpr float kFlushBelow = 0x1p-100f;  // processing::esf::kEsfFlushBelow

// One explicit step of one free pixel, as processing::esf::explicitEsfStep:
//   s = (up + down) + (left + right);  n = keep * centre + dt * s;  n < 2^-100 ? 0 : n
// written with round-to-nearest intrinsics so that the compiler cannot fuse into FMAs.
__device__ __forceinline__ float esfStep(float centre, float up, float down, float left,
                                         float right, float keep, float dt) {
    const float s = __fadd_rn(__fadd_rn(up, down), __fadd_rn(left, right));
    const float n = __fadd_rn(__fmul_rn(keep, centre), __fmul_rn(dt, s));
    return n < kFlushBelow ? 0.0f : n;
}

}  // namespace xrayprep::gpu::esf_device
