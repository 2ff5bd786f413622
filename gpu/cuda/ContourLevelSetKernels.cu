#include "gpu/CudaError.h"
#include "gpu/cuda/ContourLevelSetKernels.h"

namespace xrayprep::gpu {
namespace {

// Replicate border, as the CPU padded ring does beyond the image.
__device__ __forceinline__ float at(const float* p, int x, int y, int w, int h) {
    x = min(max(x, 0), w - 1);
    y = min(max(y, 0), h - 1);
    return p[static_cast<long long>(y) * w + x];
}

__global__ void coefficients(const float* __restrict__ p, float* __restrict__ cx,
                             float* __restrict__ cy, const LevelSetControl* control, int w, int h) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h || control->stopped != 0) return;
    const float eta2 = control->k.eta2;
    const float c = at(p, x, y, w, h);
    const float dxf = at(p, x + 1, y, w, h) - c;
    const float dyc = 0.5f * (at(p, x, y + 1, w, h) - at(p, x, y - 1, w, h));
    const float dyf = at(p, x, y + 1, w, h) - c;
    const float dxc = 0.5f * (at(p, x + 1, y, w, h) - at(p, x - 1, y, w, h));
    const long long i = static_cast<long long>(y) * w + x;
    cx[i] = 1.0f / sqrtf(eta2 + dxf * dxf + dyc * dyc);
    cy[i] = 1.0f / sqrtf(eta2 + dxc * dxc + dyf * dyf);
}

// Coefficient of the edge between x-1 and x (or y-1 and y); beyond the image the CPU ring
// replicates, so the difference along the edge is 0 and only the cross term remains.
__device__ __forceinline__ float edgeBefore(const float* p, const float* c, int x, int y, int w,
                                            int h, bool alongX, float eta2) {
    if (alongX && x == 0) {
        const float dyc = 0.5f * (at(p, -1, y + 1, w, h) - at(p, -1, y - 1, w, h));
        return 1.0f / sqrtf(eta2 + dyc * dyc);
    }
    if (!alongX && y == 0) {
        const float dxc = 0.5f * (at(p, x + 1, -1, w, h) - at(p, x - 1, -1, w, h));
        return 1.0f / sqrtf(eta2 + dxc * dxc);
    }
    return alongX ? c[static_cast<long long>(y) * w + x - 1]
                  : c[static_cast<long long>(y - 1) * w + x];
}

__global__ void step(LevelSetBuffers b, int w, int h) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const long long i = static_cast<long long>(y) * w + x;
    const float v = b.phi[i];
    if (b.domain[i] == 0 || b.control->stopped != 0) {
        b.next[i] = v;
        return;
    }
    const LevelSetConstants k = b.control->k;
    const float c1 = b.total->c1, c2 = b.total->c2;
    const float delta = k.deltaScale / (k.eps2 + v * v);
    const float i1 = b.image[i] - c1;
    const float i2 = b.image[i] - c2;
    const float data = k.lambda2 * i2 * i2 - k.lambda1 * i1 * i1;
    const float cxr = b.cx[i], cyd = b.cy[i];
    const float cxl = edgeBefore(b.phi, b.cx, x, y, w, h, true, k.eta2);
    const float cyu = edgeBefore(b.phi, b.cy, x, y, w, h, false, k.eta2);
    const float smooth = cxr * at(b.phi, x + 1, y, w, h) + cxl * at(b.phi, x - 1, y, w, h) +
                         cyd * at(b.phi, x, y + 1, w, h) + cyu * at(b.phi, x, y - 1, w, h);
    const float weight = cxr + cxl + cyd + cyu;
    const float updated = (v + delta * (k.mu * smooth + data)) / (1.0f + delta * k.mu * weight);
    b.next[i] = v + (updated - v);
}

// Sums a warp's partial totals with a fixed shuffle tree; the result is valid in lane 0.
__device__ LevelSetTotals warpTotals(double inside, double outside, double nearChange,
                                     long long insideCount, long long outsideCount,
                                     long long changes, long long nearCount) {
    for (int o = 16; o > 0; o /= 2) {
        inside += __shfl_down_sync(0xffffffffu, inside, o);
        outside += __shfl_down_sync(0xffffffffu, outside, o);
        nearChange += __shfl_down_sync(0xffffffffu, nearChange, o);
        insideCount += __shfl_down_sync(0xffffffffu, insideCount, o);
        outsideCount += __shfl_down_sync(0xffffffffu, outsideCount, o);
        changes += __shfl_down_sync(0xffffffffu, changes, o);
        nearCount += __shfl_down_sync(0xffffffffu, nearCount, o);
    }
    LevelSetTotals t;
    t.inside = inside;
    t.outside = outside;
    t.insideCount = insideCount;
    t.outsideCount = outsideCount;
    t.changes = changes;
    t.nearCount = nearCount;
    t.nearChange = nearChange;
    return t;
}

// One warp per row: lane l takes x = l, l + 32, ... in order, then a fixed shuffle tree; the
// same order on every run (not the CPU's left-to-right order: the sums may differ in the last
// bits, which the Dice tolerance covers).
__global__ void rowTotals(LevelSetBuffers b, const float* before, const float* after, int w,
                          int h) {
    const int y = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (y >= h || b.control->stopped != 0) return;
    double inside = 0.0, outside = 0.0, nearChange = 0.0;
    long long insideCount = 0, outsideCount = 0, changes = 0, nearCount = 0;
    for (int x = lane; x < w; x += 32) {
        const long long i = static_cast<long long>(y) * w + x;
        if (b.domain[i] == 0) continue;
        const float v = before[i], r = after[i];
        if (r > 0.0f) {
            inside += b.image[i];
            ++insideCount;
        } else {
            outside += b.image[i];
            ++outsideCount;
        }
        changes += static_cast<int>(r > 0.0f) ^ static_cast<int>(v > 0.0f);
        if (fabsf(v) <= 1.0f) {
            ++nearCount;
            nearChange += fabsf(r - v);
        }
    }
    const LevelSetTotals t =
        warpTotals(inside, outside, nearChange, insideCount, outsideCount, changes, nearCount);
    if (lane != 0) return;
    b.rows[y] = t;
}

// One warp, the same fixed order on every run.
__global__ void grandTotal(LevelSetBuffers b, int h, bool counting, cudaGraphConditionalHandle loop,
                           bool conditional) {
    LevelSetControl* c = b.control;
    if (c->stopped != 0) return;
    const int lane = threadIdx.x;
    double inside = 0.0, outside = 0.0, nearChange = 0.0;
    long long insideCount = 0, outsideCount = 0, changes = 0, nearCount = 0;
    for (int y = lane; y < h; y += 32) {
        const LevelSetTotals& r = b.rows[y];
        inside += r.inside;
        outside += r.outside;
        insideCount += r.insideCount;
        outsideCount += r.outsideCount;
        changes += r.changes;
        nearCount += r.nearCount;
        nearChange += r.nearChange;
    }
    LevelSetTotals t =
        warpTotals(inside, outside, nearChange, insideCount, outsideCount, changes, nearCount);
    if (lane != 0) return;
    t.c1 = static_cast<float>(insideCount > 0 ? inside / insideCount : 0.0);
    t.c2 = static_cast<float>(outsideCount > 0 ? outside / outsideCount : 0.0);
    if (counting) {
        // The stop test of ChanVeseLevelSet after the iteration that produced `after`.
        const LevelSetTotals& used = *b.total;
        c->insideMean = used.insideCount > 0 ? used.inside / used.insideCount : 0.0;
        c->outsideMean = used.outsideCount > 0 ? used.outside / used.outsideCount : 0.0;
        c->iterations += 1;
        const bool calm = t.nearCount == 0 || t.nearChange <= c->stopChange * t.nearCount;
        c->stable = t.changes <= c->stopCount && calm ? c->stable + 1 : 0;
        if (c->stable >= c->stableIterations || c->iterations >= c->maxIterations) {
            c->stopped = 1;
            if (conditional) cudaGraphSetConditional(loop, 0u);
        }
    }
    *b.total = t;
}

}  // namespace

void launchLevelSetTotals(const LevelSetBuffers& b, const float* before, const float* after, int w,
                          int h, bool counting, cudaGraphConditionalHandle loop, bool conditional,
                          cudaStream_t stream) {
    rowTotals<<<(h + 7) / 8, 256, 0, stream>>>(b, before, after, w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    grandTotal<<<1, 32, 0, stream>>>(b, h, counting, loop, conditional);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchLevelSetStep(const LevelSetBuffers& b, int w, int h, cudaStream_t stream) {
    const dim3 block(32, 8);
    const dim3 grid((w + 31) / 32, (h + 7) / 8);
    coefficients<<<grid, block, 0, stream>>>(b.phi, b.cx, b.cy, b.control, w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    step<<<grid, block, 0, stream>>>(b, w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
