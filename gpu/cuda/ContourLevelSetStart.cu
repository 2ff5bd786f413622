#include "gpu/CudaError.h"
#include "gpu/cuda/ContourLevelSetStart.h"

namespace xrayprep::gpu {
namespace {

__device__ __forceinline__ float clampUnit(float v) { return fminf(fmaxf(v, -1.0f), 1.0f); }

__global__ void start(const float* __restrict__ median, const std::uint8_t* __restrict__ domain,
                      const std::uint8_t* __restrict__ foreground, float offset, float scale,
                      float split, float* __restrict__ image, float* __restrict__ phi,
                      unsigned long long* seeded, std::size_t n) {
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    bool seeds = false;
    if (i < n) {
        const float v = __fmul_rn(__fsub_rn(median[i], offset), scale);
        image[i] = v;
        float p = -1.0f;
        if (domain[i] != 0) {
            const float graded = clampUnit(__fmul_rn(2.0f, __fsub_rn(v, split)));
            const bool fg = foreground[i] != 0;
            p = fg ? graded : fminf(graded, -0.5f);
            seeds = fg && graded > 0.0f;
        }
        phi[i] = p;
    }
    // One atomic per warp that seeded anything.
    const unsigned ballot = __ballot_sync(0xffffffffu, seeds);
    if ((threadIdx.x & 31u) == 0 && ballot != 0) {
        atomicAdd(seeded, static_cast<unsigned long long>(__popc(ballot)));
    }
}

__global__ void unseededStart(const std::uint8_t* __restrict__ domain,
                              const float* __restrict__ image, float split, float* __restrict__ phi,
                              const unsigned long long* seeded, std::size_t n) {
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= n || *seeded != 0 || domain[i] == 0) return;
    phi[i] = clampUnit(__fmul_rn(2.0f, __fsub_rn(image[i], split)));
}

}  // namespace

void launchLevelSetStart(const float* median, const std::uint8_t* domain,
                         const std::uint8_t* foreground, float offset, float scale, float split,
                         float* image, float* phi, unsigned long long* seeded, std::size_t n,
                         cudaStream_t stream) {
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(seeded, 0, sizeof *seeded, stream));
    if (n == 0) return;
    constexpr unsigned kBlock = 256;  // a multiple of the warp: every lane reaches the ballot
    const auto blocks = static_cast<unsigned>((n + kBlock - 1) / kBlock);
    start<<<blocks, kBlock, 0, stream>>>(median, domain, foreground, offset, scale, split, image,
                                         phi, seeded, n);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    unseededStart<<<blocks, kBlock, 0, stream>>>(domain, image, split, phi, seeded, n);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
