#include "gpu/cuda/EsfReferenceKernels.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfStep.cuh"

namespace xrayprep::gpu {
namespace {

using esf_device::esfStep;

constexpr int kTile = 16;

// Shared-memory variant: each thread loads its pixel; edge threads also load the halo pixel
// beside them (the image border replicated, Neumann). Corners are not needed by the 5-point
// stencil, unlike the study's 9-cell loads.
__global__ void sharedTileStepKernel(const float* __restrict__ src, float* __restrict__ dst,
                                     const std::uint8_t* __restrict__ shape, int width, int height,
                                     float keep, float dt) {
    __shared__ float tile[kTile + 2][kTile + 2];
    const int x = static_cast<int>(blockIdx.x) * kTile + threadIdx.x;
    const int y = static_cast<int>(blockIdx.y) * kTile + threadIdx.y;
    const int cx = min(x, width - 1);
    const int cy = min(y, height - 1);
    const int tx = threadIdx.x + 1;
    const int ty = threadIdx.y + 1;
    const std::size_t row = static_cast<std::size_t>(cy) * width;
    tile[ty][tx] = src[row + cx];
    if (threadIdx.x == 0) tile[ty][0] = src[row + max(cx - 1, 0)];
    if (threadIdx.x == kTile - 1 || x == width - 1)
        tile[ty][tx + 1] = src[row + min(cx + 1, width - 1)];
    if (threadIdx.y == 0) tile[0][tx] = src[static_cast<std::size_t>(max(cy - 1, 0)) * width + cx];
    if (threadIdx.y == kTile - 1 || y == height - 1)
        tile[ty + 1][tx] = src[static_cast<std::size_t>(min(cy + 1, height - 1)) * width + cx];
    __syncthreads();
    if (x >= width || y >= height) return;
    const std::size_t i = row + x;
    const float c = tile[ty][tx];
    // Neumann border: an out-of-image neighbour is the pixel itself.
    const float up = y > 0 ? tile[ty - 1][tx] : c;
    const float down = y + 1 < height ? tile[ty + 1][tx] : c;
    const float left = x > 0 ? tile[ty][tx - 1] : c;
    const float right = x + 1 < width ? tile[ty][tx + 1] : c;
    dst[i] = shape[i] ? 1.0f : esfStep(c, up, down, left, right, keep, dt);
}

// Texture variant: every read goes through the texture cache of a 1-D linear texture (one
// texture object per buffer, created once per run instead of re-binding each iteration).
__global__ void textureStepKernel(cudaTextureObject_t src, float* __restrict__ dst,
                                  const std::uint8_t* __restrict__ shape, int width, int height,
                                  float keep, float dt) {
    const int x = static_cast<int>(blockIdx.x) * kTile + threadIdx.x;
    const int y = static_cast<int>(blockIdx.y) * kTile + threadIdx.y;
    if (x >= width || y >= height) return;
    const int i = y * width + x;
    if (shape[i]) {
        dst[i] = 1.0f;
        return;
    }
    const float c = tex1Dfetch<float>(src, i);
    const float up = y > 0 ? tex1Dfetch<float>(src, i - width) : c;
    const float down = y + 1 < height ? tex1Dfetch<float>(src, i + width) : c;
    const float left = x > 0 ? tex1Dfetch<float>(src, i - 1) : c;
    const float right = x + 1 < width ? tex1Dfetch<float>(src, i + 1) : c;
    dst[i] = esfStep(c, up, down, left, right, keep, dt);
}

cudaTextureObject_t linearTexture(const float* data, std::size_t count) {
    cudaResourceDesc res{};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = const_cast<float*>(data);
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = count * sizeof(float);
    cudaTextureDesc tex{};
    tex.readMode = cudaReadModeElementType;
    cudaTextureObject_t object = 0;
    XRAYPREP_CUDA_CHECK(cudaCreateTextureObject(&object, &res, &tex, nullptr));
    return object;
}

// Destroys the texture objects however the run ends.
struct TexturePair {
    cudaTextureObject_t a = 0;
    cudaTextureObject_t b = 0;
    ~TexturePair() {
        if (a) cudaDestroyTextureObject(a);
        if (b) cudaDestroyTextureObject(b);
    }
};

}  // namespace

float* runExplicitEsfReference(EsfReferenceKernel kernel, float* a, float* b,
                               const std::uint8_t* shape, int width, int height, int iterations,
                               float keep, float dt, cudaStream_t stream) {
    if (width <= 0 || height <= 0 || iterations <= 0) return a;
    const dim3 block(kTile, kTile);
    const dim3 grid(static_cast<unsigned int>((width + kTile - 1) / kTile),
                    static_cast<unsigned int>((height + kTile - 1) / kTile));
    const std::size_t count = static_cast<std::size_t>(width) * height;
    TexturePair textures;
    if (kernel == EsfReferenceKernel::Texture) {
        textures.a = linearTexture(a, count);
        textures.b = linearTexture(b, count);
    }
    for (int it = 0; it < iterations; ++it) {
        if (kernel == EsfReferenceKernel::SharedTile) {
            sharedTileStepKernel<<<grid, block, 0, stream>>>(a, b, shape, width, height, keep, dt);
        } else {
            textureStepKernel<<<grid, block, 0, stream>>>(textures.a, b, shape, width, height, keep,
                                                          dt);
            std::swap(textures.a, textures.b);
        }
        XRAYPREP_CUDA_CHECK_LAUNCH();
        std::swap(a, b);
    }
    // The texture objects are destroyed on return: wait for the launches that read them.
    if (kernel == EsfReferenceKernel::Texture) XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream));
    return a;
}

}  // namespace xrayprep::gpu
