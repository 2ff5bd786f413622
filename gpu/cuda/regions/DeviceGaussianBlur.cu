#include "gpu/cuda/regions/DeviceGaussianBlur.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "gpu/cuda/regions/Launch.cuh"
#include "processing/imaging/GaussianBlur.h"

namespace xrayprep::gpu::regions {
namespace {

__global__ void rowsKernel(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                           const float* __restrict__ k, int r) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= w || y >= h) return;
    const float* src = in + static_cast<std::size_t>(y) * w;
    float s = 0.0f;
    for (int j = 0; j <= 2 * r; ++j) s += k[j] * src[min(max(x + j - r, 0), w - 1)];
    out[static_cast<std::size_t>(y) * w + x] = s;
}

__global__ void columnsKernel(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                              const float* __restrict__ k, int r) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= w || y >= h) return;
    float s = 0.0f;
    for (int j = 0; j <= 2 * r; ++j) {
        s += k[j] * in[static_cast<std::size_t>(min(max(y + j - r, 0), h - 1)) * w + x];
    }
    out[static_cast<std::size_t>(y) * w + x] = s;
}

}  // namespace

DeviceImage DeviceGaussianBlur::operator()(DeviceContext& ctx, const DeviceImage& in,
                                           double sigma) const {
    const int w = in.width(), h = in.height();
    DeviceImage out = ctx.raster<float>(w, h);
    if (in.empty()) return out;
    if (!(sigma > 0.0)) {
        XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(out.data(), in.data(), in.bytes(),
                                            cudaMemcpyDeviceToDevice, ctx.stream()));
        return out;
    }
    const std::vector<float> k = processing::GaussianBlur::weights(sigma);
    const int r = static_cast<int>(k.size() / 2);
    const DeviceImage taps = ctx.table(k);
    DeviceImage rows = ctx.raster<float>(w, h);
    const dim3 grid((w + 127) / 128, h);
    rowsKernel<<<grid, 128, 0, ctx.stream()>>>(in.data(), rows.data(), w, h, taps.data(), r);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    columnsKernel<<<grid, 128, 0, ctx.stream()>>>(rows.data(), out.data(), w, h, taps.data(), r);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
