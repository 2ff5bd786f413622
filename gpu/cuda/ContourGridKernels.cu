#include "gpu/CudaError.h"
#include "gpu/cuda/ContourGridKernels.h"

namespace xrayprep::gpu {
namespace {

struct Block {
    int x0, x1, y0, y1;
};

__device__ __forceinline__ Block blockOf(int i, int j, int factor, int fullWidth, int fullHeight) {
    const int x0 = i * factor, y0 = j * factor;
    return {x0, min(fullWidth, x0 + factor), y0, min(fullHeight, y0 + factor)};
}

__global__ void blockMean(const std::uint16_t* __restrict__ full, int fullWidth, int fullHeight,
                          int factor, float* __restrict__ out, int width, int height) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= width || j >= height) return;
    const Block b = blockOf(i, j, factor, fullWidth, fullHeight);
    unsigned long long sum = 0;
    for (int y = b.y0; y < b.y1; ++y) {
        const std::uint16_t* r = full + static_cast<long long>(y) * fullWidth;
        for (int x = b.x0; x < b.x1; ++x) sum += r[x];
    }
    const double count = static_cast<double>((b.y1 - b.y0) * (b.x1 - b.x0));
    out[static_cast<long long>(j) * width + i] =
        static_cast<float>(__ddiv_rn(static_cast<double>(sum), count));
}

__global__ void blockMeanAbsDifference(const std::uint16_t* __restrict__ a,
                                       const std::uint16_t* __restrict__ b, int fullWidth,
                                       int fullHeight, int factor, float* __restrict__ out,
                                       int width, int height) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= width || j >= height) return;
    const Block bl = blockOf(i, j, factor, fullWidth, fullHeight);
    unsigned long long sum = 0;
    for (int y = bl.y0; y < bl.y1; ++y) {
        const long long row = static_cast<long long>(y) * fullWidth;
        for (int x = bl.x0; x < bl.x1; ++x) {
            const int va = a[row + x], vb = b[row + x];
            sum += static_cast<unsigned long long>(va > vb ? va - vb : vb - va);
        }
    }
    const double count = static_cast<double>((bl.y1 - bl.y0) * (bl.x1 - bl.x0));
    out[static_cast<long long>(j) * width + i] =
        static_cast<float>(__ddiv_rn(static_cast<double>(sum), count));
}

__global__ void blockMajorityAbove(const std::uint16_t* __restrict__ full, int fullWidth,
                                   int fullHeight, int factor, std::uint16_t level,
                                   std::uint8_t* __restrict__ out, int width, int height) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= width || j >= height) return;
    const Block b = blockOf(i, j, factor, fullWidth, fullHeight);
    int above = 0;
    for (int y = b.y0; y < b.y1; ++y) {
        const std::uint16_t* r = full + static_cast<long long>(y) * fullWidth;
        for (int x = b.x0; x < b.x1; ++x) above += r[x] > level ? 1 : 0;
    }
    out[static_cast<long long>(j) * width + i] = 2 * above > (b.y1 - b.y0) * (b.x1 - b.x0) ? 1 : 0;
}

dim3 gridFor(int width, int height) { return dim3((width + 31) / 32, (height + 7) / 8); }

// processing::readInsideRims: a pixel within the rims reads the nearest pixel inside them
// (never written: the kernel only writes pixels within the rims).
__global__ void readInsideRims(float* __restrict__ image, int width, int height, int left,
                               int right, int top, int bottom) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    const int sx = min(max(x, left), width - 1 - right);
    const int sy = min(max(y, top), height - 1 - bottom);
    if (sx != x || sy != y) {
        image[static_cast<long long>(y) * width + x] =
            image[static_cast<long long>(sy) * width + sx];
    }
}

}  // namespace

void launchReadInsideRims(float* image, int width, int height, const std::array<int, 4>& depth,
                          cudaStream_t stream) {
    const int left = depth[0], right = depth[1], top = depth[2], bottom = depth[3];
    if (left + right + top + bottom == 0 || left + right >= width || top + bottom >= height) {
        return;
    }
    readInsideRims<<<gridFor(width, height), dim3(32, 8), 0, stream>>>(image, width, height, left,
                                                                       right, top, bottom);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchBlockMean(const std::uint16_t* full, int fullWidth, int fullHeight, int factor,
                     float* out, cudaStream_t stream) {
    const int w = (fullWidth + factor - 1) / factor, h = (fullHeight + factor - 1) / factor;
    if (w == 0 || h == 0) return;
    blockMean<<<gridFor(w, h), dim3(32, 8), 0, stream>>>(full, fullWidth, fullHeight, factor, out,
                                                         w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchBlockMeanAbsDifference(const std::uint16_t* a, const std::uint16_t* b, int fullWidth,
                                  int fullHeight, int factor, float* out, cudaStream_t stream) {
    const int w = (fullWidth + factor - 1) / factor, h = (fullHeight + factor - 1) / factor;
    if (w == 0 || h == 0) return;
    blockMeanAbsDifference<<<gridFor(w, h), dim3(32, 8), 0, stream>>>(a, b, fullWidth, fullHeight,
                                                                      factor, out, w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchBlockMajorityAbove(const std::uint16_t* full, int fullWidth, int fullHeight, int factor,
                              std::uint16_t level, std::uint8_t* out, cudaStream_t stream) {
    const int w = (fullWidth + factor - 1) / factor, h = (fullHeight + factor - 1) / factor;
    if (w == 0 || h == 0) return;
    blockMajorityAbove<<<gridFor(w, h), dim3(32, 8), 0, stream>>>(full, fullWidth, fullHeight,
                                                                  factor, level, out, w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
