#include <cuda_runtime.h>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu::esf_converged {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(std::size_t n) { return static_cast<unsigned>((n + kThreads - 1) / kThreads); }

// Block-wide sum in a fixed tree; the result is valid in thread 0.
__device__ double blockSum(double value) {
    __shared__ double part[kThreads];
    part[threadIdx.x] = value;
    __syncthreads();
    for (int stride = kThreads / 2; stride > 0; stride /= 2) {
        if (static_cast<int>(threadIdx.x) < stride) part[threadIdx.x] += part[threadIdx.x + stride];
        __syncthreads();
    }
    return part[0];
}

// scalars[slot] = sum of partials[0 .. kReduceBlocks), one block, fixed order.
__global__ void finishSum(const double* partials, double* scalars, int slot) {
    double s = 0.0;
    for (int i = threadIdx.x; i < kReduceBlocks; i += kThreads) s += partials[i];
    s = blockSum(s);
    if (threadIdx.x == 0) scalars[slot] = s;
}

void finish(double* partials, double* scalars, int slot, cudaStream_t st) {
    finishSum<<<1, kThreads, 0, st>>>(partials, scalars, slot);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

// Grid-stride over a fixed grid of kReduceBlocks blocks: each index has one fixed owner.
// Rows y owned by blocks in turn, columns x by threads: 32-bit indices, no divisions.
#define FOR_EACH_PIXEL(X_, Y_, I_, W_, H_)                                       \
    for (int Y_ = blockIdx.x; Y_ < (H_); Y_ += kReduceBlocks)                    \
        for (int X_ = threadIdx.x, rowEnd_ = (W_); X_ < rowEnd_; X_ += kThreads) \
            if (const std::size_t I_ = static_cast<std::size_t>(Y_) * (W_) + X_; true)

#define FOR_EACH_INDEX(i, n)                                                                     \
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(kThreads) + threadIdx.x; i < (n); \
         i += static_cast<std::size_t>(kReduceBlocks) * kThreads)

__global__ void fineOperatorKernel(const std::uint8_t* shape, LevelView l) {
    const int x = blockIdx.x * kThreads + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= l.width) return;
    const std::size_t i = static_cast<std::size_t>(y) * l.width + x;
    const bool isFree = shape[i] == 0;
    const bool east = isFree && x + 1 < l.width && shape[i + 1] == 0;
    const bool south = isFree && y + 1 < l.height && shape[i + l.width] == 0;
    l.flags[i] = static_cast<std::uint8_t>(isFree | (east << 1) | (south << 2));
}

// Coefficients of a level; on level 0 from the flags. A_ii = 4 + 1/rho^2 minus the
// out-of-image neighbours (they stand for v_i itself).
__device__ __forceinline__ float dAt(const LevelView& l, std::size_t i, int x, int y) {
    if (l.flags == nullptr) return l.d[i];
    if ((l.flags[i] & 1) == 0) return 0.0f;
    const int out = (x == 0) + (x == l.width - 1) + (y == 0) + (y == l.height - 1);
    return l.diagonal - static_cast<float>(out);
}
__device__ __forceinline__ float eAt(const LevelView& l, std::size_t i) {
    return l.flags == nullptr ? l.e[i] : ((l.flags[i] & 2) != 0 ? -1.0f : 0.0f);
}
__device__ __forceinline__ float sAt(const LevelView& l, std::size_t i) {
    return l.flags == nullptr ? l.s[i] : ((l.flags[i] & 4) != 0 ? -1.0f : 0.0f);
}

__global__ void coarsenKernel(LevelView f, LevelView c) {
    const int cx = blockIdx.x * 32 + threadIdx.x % 32;
    const int cy = blockIdx.y * 8 + threadIdx.x / 32;
    if (cx >= c.width || cy >= c.height) return;
    const int x0 = 2 * cx;
    const int y0 = 2 * cy;
    const bool hasX1 = x0 + 1 < f.width;
    const bool hasY1 = y0 + 1 < f.height;
    const auto at = [&](int x, int y) { return static_cast<std::size_t>(y) * f.width + x; };
    // Diagonal: children's diagonals plus twice the links inside the aggregate.
    const auto d0 = [&](int x, int y) { return dAt(f, at(x, y), x, y); };
    const auto e0 = [&](int x, int y) { return eAt(f, at(x, y)); };
    const auto s0 = [&](int x, int y) { return sAt(f, at(x, y)); };
    float d = d0(x0, y0);
    float e = 0.0f;
    float s = 0.0f;
    if (hasX1) d += d0(x0 + 1, y0) + 2.0f * e0(x0, y0);
    if (hasY1) d += d0(x0, y0 + 1) + 2.0f * s0(x0, y0);
    if (hasX1 && hasY1) {
        d += d0(x0 + 1, y0 + 1) + 2.0f * e0(x0, y0 + 1) + 2.0f * s0(x0 + 1, y0);
    }
    // Links leaving through the east and south sides.
    const int xe = hasX1 ? x0 + 1 : x0;
    const int ys = hasY1 ? y0 + 1 : y0;
    e = e0(xe, y0) + (hasY1 ? e0(xe, y0 + 1) : 0.0f);
    s = s0(x0, ys) + (hasX1 ? s0(x0 + 1, ys) : 0.0f);
    const std::size_t i = static_cast<std::size_t>(cy) * c.width + cx;
    c.d[i] = d;
    c.e[i] = e;
    c.s[i] = s;
}

// sum_j a_ij v_j over the 4 neighbours (couplings are 0 across the image border and to fixed
// cells, so the neighbour index is clamped only to stay in bounds).
__device__ __forceinline__ float offDiagonal(const LevelView& l, const float* v, int x, int y,
                                             std::size_t i) {
    float sum = 0.0f;
    if (x > 0) sum += eAt(l, i - 1) * v[i - 1];
    if (x + 1 < l.width) sum += eAt(l, i) * v[i + 1];
    if (y > 0) sum += sAt(l, i - l.width) * v[i - l.width];
    if (y + 1 < l.height) sum += sAt(l, i) * v[i + l.width];
    return sum;
}

__global__ void smoothKernel(LevelView l, int colour) {
    // Thread x covers every other cell of its row: the cells of one colour.
    const int y = blockIdx.y;
    const int x = 2 * static_cast<int>(blockIdx.x * kThreads + threadIdx.x) + ((y + colour) & 1);
    if (x >= l.width) return;
    const std::size_t i = static_cast<std::size_t>(y) * l.width + x;
    const float d = dAt(l, i, x, y);
    if (d == 0.0f) return;
    l.v[i] = (l.rhs[i] - offDiagonal(l, l.v, x, y, i)) / d;
}

__device__ __forceinline__ float residualAt(const LevelView& l, int x, int y) {
    const std::size_t i = static_cast<std::size_t>(y) * l.width + x;
    const float d = dAt(l, i, x, y);
    if (d == 0.0f) return 0.0f;
    return l.rhs[i] - d * l.v[i] - offDiagonal(l, l.v, x, y, i);
}

__global__ void restrictKernel(LevelView f, LevelView c) {
    const int cx = blockIdx.x * 32 + threadIdx.x % 32;
    const int cy = blockIdx.y * 8 + threadIdx.x / 32;
    if (cx >= c.width || cy >= c.height) return;
    const int x0 = 2 * cx;
    const int y0 = 2 * cy;
    float r = residualAt(f, x0, y0);
    if (x0 + 1 < f.width) r += residualAt(f, x0 + 1, y0);
    if (y0 + 1 < f.height) {
        r += residualAt(f, x0, y0 + 1);
        if (x0 + 1 < f.width) r += residualAt(f, x0 + 1, y0 + 1);
    }
    const std::size_t i = static_cast<std::size_t>(cy) * c.width + cx;
    c.rhs[i] = r;
    c.v[i] = 0.0f;
}

__global__ void prolongKernel(LevelView f, LevelView c, float weight) {
    const int x = blockIdx.x * kThreads + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= f.width) return;
    const std::size_t i = static_cast<std::size_t>(y) * f.width + x;
    if (dAt(f, i, x, y) == 0.0f) return;
    f.v[i] += weight * c.v[static_cast<std::size_t>(y / 2) * c.width + x / 2];
}

// The whole coarsest level (at most kCoarsestCells cells) in shared memory, one block.
constexpr int kCoarsestCells = 1024;

__global__ void coarsestKernel(LevelView l, int sweeps) {
    __shared__ float d[kCoarsestCells], e[kCoarsestCells], s[kCoarsestCells];
    __shared__ float rhs[kCoarsestCells], v[kCoarsestCells];
    const int n = l.width * l.height;
    const int i = threadIdx.x;
    const int x = i % l.width;
    const int y = i / l.width;
    if (i < n) {
        d[i] = dAt(l, i, x, y);
        e[i] = eAt(l, i);
        s[i] = sAt(l, i);
        rhs[i] = l.rhs[i];
        v[i] = 0.0f;
    }
    __syncthreads();
    // Red-black then black-red: each pair is a symmetric sweep, so the solve is symmetric.
    for (int sweep = 0; sweep < 2 * sweeps; ++sweep) {
        const int colour = (sweep & 1) ^ ((sweep >> 1) & 1);
        if (i < n && ((x + y) & 1) == colour && d[i] != 0.0f) {
            float sum = 0.0f;
            if (x > 0) sum += e[i - 1] * v[i - 1];
            if (x + 1 < l.width) sum += e[i] * v[i + 1];
            if (y > 0) sum += s[i - l.width] * v[i - l.width];
            if (y + 1 < l.height) sum += s[i] * v[i + l.width];
            v[i] = (rhs[i] - sum) / d[i];
        }
        __syncthreads();
    }
    if (i < n) l.v[i] = v[i];
}

__global__ void applyKernel(LevelView l, const float* p, float* q, double* partials) {
    double sum = 0.0;
    FOR_EACH_PIXEL(x, y, i, l.width, l.height) {
        const float d = dAt(l, i, x, y);
        const float qi = d == 0.0f ? 0.0f : d * p[i] + offDiagonal(l, p, x, y, i);
        q[i] = qi;
        sum += static_cast<double>(p[i]) * qi;
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

__global__ void dotKernel(const float* a, const float* b, std::size_t n, double* partials) {
    double sum = 0.0;
    FOR_EACH_INDEX(i, n) sum += static_cast<double>(a[i]) * b[i];
    sum = blockSum(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

__global__ void updateKernel(double* x, float* r, const float* p, const float* q, std::size_t n,
                             double* partials, const double* scalars) {
    const double alpha = scalars[kRz] / scalars[kPq];
    double sum = 0.0;
    FOR_EACH_INDEX(i, n) {
        x[i] += alpha * p[i];
        const float ri = static_cast<float>(r[i] - alpha * q[i]);
        r[i] = ri;
        sum += static_cast<double>(ri) * ri;
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

__global__ void directionKernel(float* p, const float* z, std::size_t n, const double* scalars,
                                bool restart) {
    const float beta = restart ? 0.0f : static_cast<float>(scalars[kRzNext] / scalars[kRz]);
    const std::size_t i = blockIdx.x * static_cast<std::size_t>(kThreads) + threadIdx.x;
    if (i < n) p[i] = z[i] + beta * p[i];
}

__global__ void promoteKernel(double* scalars) { scalars[kRz] = scalars[kRzNext]; }

__global__ void initialiseKernel(const std::uint8_t* shape, double* x, int w, int h,
                                 double* partials) {
    double sum = 0.0;
    FOR_EACH_PIXEL(px, py, i, w, h) {
        x[i] = shape[i] != 0 ? 1.0 : 0.0;
        if (shape[i] != 0) continue;
        int b = 0;
        if (px > 0) b += shape[i - 1] != 0;
        if (px + 1 < w) b += shape[i + 1] != 0;
        if (py > 0) b += shape[i - w] != 0;
        if (py + 1 < h) b += shape[i + w] != 0;
        sum += static_cast<double>(b * b);
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

// EsfResidual's definition: r_i = (up + down) + (left + right) - diagonal v_i on the free
// pixels, out-of-image neighbours replaced by v_i, in double.
template <typename T>
__device__ __forceinline__ double residualOf(const T* v, std::size_t i, int x, int y, int w, int h,
                                             double diagonal, bool round) {
    const auto val = [&](std::size_t j) {
        return round ? static_cast<double>(static_cast<float>(v[j])) : static_cast<double>(v[j]);
    };
    const double c = val(i);
    const double up = y > 0 ? val(i - w) : c;
    const double down = y + 1 < h ? val(i + w) : c;
    const double left = x > 0 ? val(i - 1) : c;
    const double right = x + 1 < w ? val(i + 1) : c;
    return (up + down) + (left + right) - diagonal * c;
}

__global__ void trueResidualKernel(const std::uint8_t* shape, const double* x, float* field,
                                   float* r, int w, int h, double diagonal, bool residualOfX,
                                   double* partials) {
    double sum = 0.0;
    FOR_EACH_PIXEL(px, py, i, w, h) {
        field[i] = static_cast<float>(x[i]);
        const bool isFree = shape[i] == 0;
        const double rf = isFree ? residualOf(x, i, px, py, w, h, diagonal, true) : 0.0;
        sum += rf * rf;
        if (residualOfX) {
            r[i] =
                isFree ? static_cast<float>(residualOf(x, i, px, py, w, h, diagonal, false)) : 0.0f;
        }
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

}  // namespace

void fineOperator(const std::uint8_t* shape, LevelView fine, double diagonal, cudaStream_t st) {
    const dim3 grid((fine.width + kThreads - 1) / kThreads, fine.height);
    fine.diagonal = static_cast<float>(diagonal);
    fineOperatorKernel<<<grid, kThreads, 0, st>>>(shape, fine);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void coarsen(LevelView fine, LevelView coarse, cudaStream_t st) {
    const dim3 grid((coarse.width + 31) / 32, (coarse.height + 7) / 8);
    coarsenKernel<<<grid, kThreads, 0, st>>>(fine, coarse);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void smooth(LevelView l, int colour, cudaStream_t st) {
    const dim3 grid(((l.width + 1) / 2 + kThreads - 1) / kThreads, l.height);
    smoothKernel<<<grid, kThreads, 0, st>>>(l, colour);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void restrictResidual(LevelView fine, LevelView coarse, cudaStream_t st) {
    const dim3 grid((coarse.width + 31) / 32, (coarse.height + 7) / 8);
    restrictKernel<<<grid, kThreads, 0, st>>>(fine, coarse);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void prolongAdd(LevelView fine, LevelView coarse, float weight, cudaStream_t st) {
    const dim3 grid((fine.width + kThreads - 1) / kThreads, fine.height);
    prolongKernel<<<grid, kThreads, 0, st>>>(fine, coarse, weight);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void coarsestSolve(LevelView l, int sweeps, cudaStream_t st) {
    coarsestKernel<<<1, kCoarsestCells, 0, st>>>(l, sweeps);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void applyAndDot(LevelView fine, const float* p, float* q, double* partials, double* scalars,
                 cudaStream_t st) {
    applyKernel<<<kReduceBlocks, kThreads, 0, st>>>(fine, p, q, partials);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    finish(partials, scalars, kPq, st);
}

void dot(const float* a, const float* b, std::size_t n, double* partials, double* scalars, int slot,
         cudaStream_t st) {
    dotKernel<<<kReduceBlocks, kThreads, 0, st>>>(a, b, n, partials);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    finish(partials, scalars, slot, st);
}

void update(double* x, float* r, const float* p, const float* q, std::size_t n, double* partials,
            double* scalars, cudaStream_t st) {
    updateKernel<<<kReduceBlocks, kThreads, 0, st>>>(x, r, p, q, n, partials, scalars);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    finish(partials, scalars, kRr, st);
}

void direction(float* p, const float* z, std::size_t n, double* scalars, bool restart,
               cudaStream_t st) {
    directionKernel<<<blocksFor(n), kThreads, 0, st>>>(p, z, n, scalars, restart);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    promoteKernel<<<1, 1, 0, st>>>(scalars);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void initialise(const std::uint8_t* shape, double* x, int width, int height, double* partials,
                double* scalars, cudaStream_t st) {
    initialiseKernel<<<kReduceBlocks, kThreads, 0, st>>>(shape, x, width, height, partials);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    finish(partials, scalars, kB2, st);
}

void trueResidual(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                  int height, double diagonal, bool residualOfX, double* partials, double* scalars,
                  cudaStream_t st) {
    trueResidualKernel<<<kReduceBlocks, kThreads, 0, st>>>(shape, x, field, r, width, height,
                                                           diagonal, residualOfX, partials);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    finish(partials, scalars, kTrue, st);
}

}  // namespace xrayprep::gpu::esf_converged
