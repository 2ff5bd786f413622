#pragma once

// processing/contour/SideLines.h for device code: an image side seen as lines parallel to it (u
// along the side, v inwards) and tilted lines over it. The tilts' slopes and offsets are
// computed on the host (LineTilt::of: std::tan) and passed in; the rest is the same double
// arithmetic.

#include <cuda_runtime.h>

#include "processing/contour/BorderStrips.h"

namespace xrayprep::gpu::regions {

// The sides in BorderStripFinder's and PlatformFinder's order: Left, Right, Top, Bottom.
__host__ __device__ inline int sideAt(int k) {
    constexpr processing::ImageSide kOrder[4] = {
        processing::ImageSide::Left, processing::ImageSide::Right, processing::ImageSide::Top,
        processing::ImageSide::Bottom};
    return static_cast<int>(kOrder[k]);
}

struct DeviceSide {
    int side;  // processing::ImageSide
    int w, h;
    __host__ __device__ int length() const {
        return side == static_cast<int>(processing::ImageSide::Top) ||
                       side == static_cast<int>(processing::ImageSide::Bottom)
                   ? w
                   : h;
    }
    __host__ __device__ int across() const {
        return side == static_cast<int>(processing::ImageSide::Top) ||
                       side == static_cast<int>(processing::ImageSide::Bottom)
                   ? h
                   : w;
    }
    // Pixel index of (u, v).
    __host__ __device__ int index(int u, int v) const {
        switch (static_cast<processing::ImageSide>(side)) {
            case processing::ImageSide::Top:
                return v * w + u;
            case processing::ImageSide::Bottom:
                return (h - 1 - v) * w + u;
            case processing::ImageSide::Left:
                return u * w + v;
            case processing::ImageSide::Right:
                return u * w + (w - 1 - v);
        }
        return v * w + u;
    }
};

struct DeviceTilt {
    double slope;
    double offset;
    __host__ __device__ double v(double d, int u, int length) const {
        return offset + d + slope * (u - 0.5 * length);
    }
};

}  // namespace xrayprep::gpu::regions
