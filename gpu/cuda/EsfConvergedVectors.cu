#include <cuda_runtime.h>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfConvergedDevice.cuh"
#include "gpu/cuda/EsfConvergedVectors.h"

namespace xrayprep::gpu::esf_converged {
namespace {

unsigned blocksFor(std::size_t n) { return static_cast<unsigned>((n + kThreads - 1) / kThreads); }

dim3 applyGrid(int width, int height) {
    return dim3((width + kThreads - 1) / kThreads, (height + kApplyRows - 1) / kApplyRows);
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

__device__ void setRunning(Control* c, bool running, cudaGraphConditionalHandle loop,
                           bool conditional) {
    c->running = running ? 1 : 0;
    if (conditional) cudaGraphSetConditional(loop, running ? 1u : 0u);
}

__global__ void initialiseKernel(const std::uint8_t* shape, double* x, int w, int h,
                                 Reduction red) {
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
    double total = 0.0;
    if (sumAcrossBlocks(sum, red.partials, red.counter, total) && threadIdx.x == 0) {
        red.scalars[kB2] = total;
    }
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

// Returns true in the last block (sum in `total`).
__device__ bool residualPass(const std::uint8_t* shape, const double* x, float* field, float* r,
                             int w, int h, double diagonal, bool residualOfX, Reduction red,
                             double& total) {
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
    return sumAcrossBlocks(sum, red.partials, red.counter, total);
}

__global__ void trueResidualKernel(const std::uint8_t* shape, const double* x, float* field,
                                   float* r, int w, int h, double diagonal, bool residualOfX,
                                   Reduction red) {
    double total = 0.0;
    if (residualPass(shape, x, field, r, w, h, diagonal, residualOfX, red, total) &&
        threadIdx.x == 0) {
        red.scalars[kTrue] = total;
    }
}

__global__ void checkKernel(const std::uint8_t* shape, const double* x, float* field, float* r,
                            int w, int h, double diagonal, Reduction red, Control* c,
                            cudaGraphConditionalHandle loop, bool conditional) {
    if (c->check == 0) {  // the same in every block: set by the previous kernel
        if (blockIdx.x == 0 && threadIdx.x == 0) {
            c->restart = 0;
            setRunning(c, c->iterations < c->maxIterations, loop, conditional);
        }
        return;
    }
    double total = 0.0;
    if (!residualPass(shape, x, field, r, w, h, diagonal, true, red, total) || threadIdx.x != 0) {
        return;
    }
    red.scalars[kTrue] = total;
    const double relative = sqrt(total) / c->bNorm;
    c->relative = relative;
    c->lastCheck = c->iterations;
    // Done, or stuck at float rounding (then the field of this check is returned).
    const bool done = relative <= c->tolerance || relative > 0.5 * c->lastTrue;
    if (!done) {
        c->lastTrue = relative;
        c->checkBelow = fmax(0.5 * c->tolerance, 0.1 * relative);
    }
    // r now holds the exact residual of x: CG restarts from it (a step of iterative refinement).
    c->restart = 1;
    setRunning(c, !done && c->iterations < c->maxIterations, loop, conditional);
}

__global__ void directionKernel(float* __restrict__ p, const float* __restrict__ z, std::size_t n,
                                const double* scalars, const Control* c) {
    // After a restart p = z (p may hold anything then, even non-numbers on the first solve).
    const bool restart = c->restart != 0;
    const float beta = restart ? 0.0f : static_cast<float>(scalars[kRzNext] / scalars[kRz]);
    const std::size_t i = blockIdx.x * static_cast<std::size_t>(kThreads) + threadIdx.x;
    if (i < n) p[i] = restart ? z[i] : z[i] + beta * p[i];
}

// One thread per column of kApplyRows rows, p of the rows above, at and below in registers as
// it walks down (the kernel is latency bound with few pixels per thread).
__global__ void applyKernel(LevelView l, const float* __restrict__ p, float* __restrict__ q,
                            Reduction red) {
    const int x = blockIdx.x * kThreads + threadIdx.x;
    const int y0 = blockIdx.y * kApplyRows;
    const int w = l.width;
    double sum = 0.0;
    if (x < w) {
        std::size_t i = static_cast<std::size_t>(y0) * w + x;
        float up = y0 > 0 ? p[i - w] : 0.0f;
        float centre = p[i];
#pragma unroll
        for (int k = 0; k < kApplyRows; ++k) {
            const int y = y0 + k;
            if (y >= l.height) break;
            const float down = y + 1 < l.height ? p[i + w] : 0.0f;
            const float d = dAt(l, i, x, y);
            float qi = 0.0f;
            if (d != 0.0f) {
                float off = 0.0f;
                if (x > 0) off += eAt(l, i - 1) * p[i - 1];
                if (x + 1 < w) off += eAt(l, i) * p[i + 1];
                if (y > 0) off += sAt(l, i - w) * up;
                if (y + 1 < l.height) off += sAt(l, i) * down;
                qi = d * centre + off;
            }
            q[i] = qi;
            sum += static_cast<double>(centre) * qi;
            up = centre;
            centre = down;
            i += w;
        }
    }
    double total = 0.0;
    if (sumAcrossBlocks(sum, red.partials, red.counter, total) && threadIdx.x == 0) {
        red.scalars[kPq] = total;
    }
}

__global__ void dotKernel(const float* a, const float* b, std::size_t n, Reduction red, int slot) {
    double sum = 0.0;
    FOR_EACH_INDEX(i, n) sum += static_cast<double>(a[i]) * b[i];
    double total = 0.0;
    if (sumAcrossBlocks(sum, red.partials, red.counter, total) && threadIdx.x == 0) {
        red.scalars[slot] = total;
    }
}

__global__ void updateKernel(double* __restrict__ x, float* __restrict__ r,
                             const float* __restrict__ p, const float* __restrict__ q,
                             std::size_t n, Reduction red, Control* c) {
    const double alpha = red.scalars[kRzNext] / red.scalars[kPq];
    double sum = 0.0;
    FOR_EACH_INDEX(i, n) {
        x[i] += alpha * p[i];
        const float ri = static_cast<float>(r[i] - alpha * q[i]);
        r[i] = ri;
        sum += static_cast<double>(ri) * ri;
    }
    double total = 0.0;
    if (!sumAcrossBlocks(sum, red.partials, red.counter, total) || threadIdx.x != 0) return;
    // Every block has read rzNext before it arrived here: it can become rz now.
    red.scalars[kRr] = total;
    red.scalars[kRz] = red.scalars[kRzNext];
    c->iterations += 1;
    c->check = sqrt(total) / c->bNorm <= c->checkBelow ||
                       (c->lastCheck >= 0 && c->iterations - c->lastCheck >= kRecheck)
                   ? 1
                   : 0;
}

}  // namespace

int applyBlocks(int width, int height) {
    const dim3 g = applyGrid(width, height);
    return static_cast<int>(g.x * g.y);
}

void initialise(const std::uint8_t* shape, double* x, int width, int height, Reduction red,
                cudaStream_t st) {
    initialiseKernel<<<kReduceBlocks, kThreads, 0, st>>>(shape, x, width, height, red);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void trueResidual(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                  int height, double diagonal, bool residualOfX, Reduction red, cudaStream_t st) {
    trueResidualKernel<<<kReduceBlocks, kThreads, 0, st>>>(shape, x, field, r, width, height,
                                                           diagonal, residualOfX, red);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void checkIteration(const std::uint8_t* shape, const double* x, float* field, float* r, int width,
                    int height, double diagonal, Reduction red, Control* control,
                    cudaGraphConditionalHandle loop, bool conditional, cudaStream_t st) {
    checkKernel<<<kReduceBlocks, kThreads, 0, st>>>(shape, x, field, r, width, height, diagonal,
                                                    red, control, loop, conditional);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void direction(float* p, const float* z, std::size_t n, const double* scalars,
               const Control* control, cudaStream_t st) {
    directionKernel<<<blocksFor(n), kThreads, 0, st>>>(p, z, n, scalars, control);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void dot(const float* a, const float* b, std::size_t n, Reduction red, int slot, cudaStream_t st) {
    dotKernel<<<kReduceBlocks, kThreads, 0, st>>>(a, b, n, red, slot);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void applyAndDot(LevelView fine, const float* p, float* q, Reduction red, cudaStream_t st) {
    applyKernel<<<applyGrid(fine.width, fine.height), kThreads, 0, st>>>(fine, p, q, red);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void update(double* x, float* r, const float* p, const float* q, std::size_t n, Reduction red,
            Control* control, cudaStream_t st) {
    updateKernel<<<kReduceBlocks, kThreads, 0, st>>>(x, r, p, q, n, red, control);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::esf_converged
