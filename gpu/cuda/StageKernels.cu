#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <mutex>

#include "gpu/CudaError.h"
#include "gpu/cuda/StageKernels.h"

namespace xrayprep::gpu {
namespace {

// Element-wise kernels move 8 pixels (16 bytes) per thread: device allocations are 256-byte
// aligned, so every full group of 8 is a naturally aligned 16-byte access.
constexpr int kVector = 8;
constexpr int kThreads = 256;

union Pixels8 {
    uint4 vector;
    std::uint16_t value[kVector];
};

unsigned int blocksFor(std::size_t count) {
    const std::size_t groups = (count + kVector - 1) / kVector;
    return static_cast<unsigned int>((groups + kThreads - 1) / kThreads);
}

__global__ void thresholdKernel(const std::uint16_t* __restrict__ in,
                                std::uint16_t* __restrict__ out, std::size_t count,
                                std::uint16_t cut) {
    const std::size_t i =
        (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kVector;
    if (i + kVector <= count) {
        Pixels8 p;
        p.vector = __ldg(reinterpret_cast<const uint4*>(in + i));
#pragma unroll
        for (int k = 0; k < kVector; ++k) p.value[k] = p.value[k] <= cut ? 0 : p.value[k];
        *reinterpret_cast<uint4*>(out + i) = p.vector;
    } else {
        for (std::size_t j = i; j < count; ++j) out[j] = in[j] <= cut ? 0 : in[j];
    }
}

__global__ void applyMaskKernel(const std::uint16_t* __restrict__ in,
                                const std::uint8_t* __restrict__ mask,
                                std::uint16_t* __restrict__ out, std::size_t count) {
    const std::size_t i =
        (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kVector;
    if (i + kVector <= count) {
        Pixels8 p;
        p.vector = __ldg(reinterpret_cast<const uint4*>(in + i));
        union {
            uint2 vector;
            std::uint8_t value[kVector];
        } m;
        m.vector = __ldg(reinterpret_cast<const uint2*>(mask + i));
#pragma unroll
        for (int k = 0; k < kVector; ++k) p.value[k] = m.value[k] ? p.value[k] : 0;
        *reinterpret_cast<uint4*>(out + i) = p.vector;
    } else {
        for (std::size_t j = i; j < count; ++j) out[j] = mask[j] ? in[j] : 0;
    }
}

// min(floor(sqrt(n)), maxValue) exactly. Above maxValue^2 the answer is maxValue; below, n <
// 2^32 and the single-precision root is within 1 of the true one (relative error 2^-24 of
// the input), so one integer correction step on each side makes it exact, as on the CPU.
__device__ __forceinline__ unsigned int clampedIntegerSqrt(unsigned long long n,
                                                           unsigned int maxValue) {
    const unsigned long long m = maxValue;
    if (n >= m * m) return maxValue;
    unsigned long long s = static_cast<unsigned long long>(__fsqrt_rn(static_cast<float>(n)));
    while (s * s > n) --s;
    while ((s + 1) * (s + 1) <= n) ++s;
    return static_cast<unsigned int>(s);
}

// Each thread computes a column of kSobelRows pixels, keeping the three input rows of the
// window in registers: 3 loads per pixel instead of 9.
constexpr int kSobelX = 32;
constexpr int kSobelY = 8;
constexpr int kSobelRows = 8;

__global__ void sobelKernel(const std::uint16_t* __restrict__ in, std::uint16_t* __restrict__ out,
                            int width, int height, unsigned int maxValue) {
    const int x = blockIdx.x * kSobelX + threadIdx.x;
    const int y0 = (blockIdx.y * kSobelY + threadIdx.y) * kSobelRows;
    if (x >= width || y0 >= height) return;
    const std::size_t w = static_cast<std::size_t>(width);
    const int l = max(x - 1, 0);
    const int r = min(x + 1, width - 1);
    const auto load = [&](int y, int& a, int& b, int& c) {
        const std::uint16_t* row = in + static_cast<std::size_t>(min(max(y, 0), height - 1)) * w;
        a = __ldg(row + l);
        b = __ldg(row + x);
        c = __ldg(row + r);
    };
    int ul, uc, ur, ml, mc, mr;
    load(y0 - 1, ul, uc, ur);
    load(y0, ml, mc, mr);
    const int rows = min(kSobelRows, height - y0);
#pragma unroll
    for (int k = 0; k < kSobelRows; ++k) {
        if (k >= rows) break;
        int dl, dc, dr;
        load(y0 + k + 1, dl, dc, dr);
        const long long gx = (ur + 2 * mr + dr) - (ul + 2 * ml + dl);  // |.| <= 4 * 65535
        const long long gy = (dl + 2 * dc + dr) - (ul + 2 * uc + ur);
        const auto sq = static_cast<unsigned long long>(gx * gx + gy * gy);
        out[static_cast<std::size_t>(y0 + k) * w + x] =
            static_cast<std::uint16_t>(clampedIntegerSqrt(sq, maxValue));
        ul = ml, uc = mc, ur = mr;
        ml = dl, mc = dc, mr = dr;
    }
}

}  // namespace

int multiprocessorCount() {
    static std::mutex mutex;
    static std::array<int, 64> cached{};
    int device = 0;
    XRAYPREP_CUDA_CHECK(cudaGetDevice(&device));
    const std::lock_guard lock(mutex);
    if (device < 0 || device >= static_cast<int>(cached.size())) return 132;
    if (cached[static_cast<std::size_t>(device)] == 0) {
        XRAYPREP_CUDA_CHECK(cudaDeviceGetAttribute(&cached[static_cast<std::size_t>(device)],
                                                   cudaDevAttrMultiProcessorCount, device));
    }
    return cached[static_cast<std::size_t>(device)];
}

void launchThreshold(const std::uint16_t* in, std::uint16_t* out, std::size_t count,
                     std::uint16_t cutValue, cudaStream_t stream) {
    if (count == 0) return;
    thresholdKernel<<<blocksFor(count), kThreads, 0, stream>>>(in, out, count, cutValue);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchSobel(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                 std::uint16_t maxValue, cudaStream_t stream) {
    if (width <= 0 || height <= 0) return;
    const dim3 block(kSobelX, kSobelY);
    const int rowsPerBlock = kSobelY * kSobelRows;
    const dim3 grid(static_cast<unsigned int>((width + kSobelX - 1) / kSobelX),
                    static_cast<unsigned int>((height + rowsPerBlock - 1) / rowsPerBlock));
    sobelKernel<<<grid, block, 0, stream>>>(in, out, width, height, maxValue);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchApplyMask(const std::uint16_t* in, const std::uint8_t* mask, std::uint16_t* out,
                     std::size_t count, cudaStream_t stream) {
    if (count == 0) return;
    applyMaskKernel<<<blocksFor(count), kThreads, 0, stream>>>(in, mask, out, count);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
