#include "gpu/cuda/regions/DevicePlatformFinder.h"

#include <array>
#include <cmath>

#include "gpu/cuda/regions/BlockSelect.cuh"
#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/Launch.cuh"
#include "gpu/cuda/regions/SideGeometry.cuh"
#include "processing/contour/SideLines.h"

namespace xrayprep::gpu::regions {
namespace {

constexpr int kBlock = 128;
using processing::ImageSide;
constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                          ImageSide::Bottom};

// PlatformFinder.cpp's stepsAcross, for every (u, v) of one side, stored at the pixel's own
// index f.index(u, v) (the tilted lines of neighbouring depths then read neighbouring pixels
// on the left and right sides): the smoothed image just outside minus just inside, halved.
__global__ void stepsAcrossKernel(const float* __restrict__ g, DeviceSide f,
                                  float* __restrict__ steps) {
    const int u = blockIdx.y;
    const int across = f.across();
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < across; v += gridDim.x * blockDim.x) {
        const int a = max(0, v - 1), b = min(across - 1, v + 1);
        steps[f.index(u, v)] = 0.5f * (g[f.index(u, a)] - g[f.index(u, b)]);
    }
}

// The step across line (tilt t, depth d) at position u, 0 outside the image (lineQuartile's
// `line`), and whether it is inside.
__device__ __forceinline__ float lineStep(const float* steps, const DeviceSide& f, double v0,
                                          double slope, int u, bool& valid) {
    const int v = static_cast<int>(floor(v0 + slope * u + 0.5));
    valid = v >= 0 && v < f.across();
    return valid ? steps[f.index(u, v)] : 0.0f;
}

// lineQuartile's box average for every line k = a * depths + d of one side, one warp per line:
// the lanes read 32 positions of the line at a time (the sample entering the box and the one
// leaving it), and lane 0 keeps the CPU's running double sum over them in the same order; the
// averages kept at every stride-th valid position go to kept[k * perLine ...], their count to
// counts[k]. (One thread per line, each waiting on a global read per step, took ~460 us a side
// on an H200 at the reference size; ~80 us this way.)
constexpr int kLinesPerBlock = 4;
__global__ void __launch_bounds__(32 * kLinesPerBlock)
    boxAverageKernel(const float* __restrict__ steps, DeviceSide f,
                     const DeviceTilt* __restrict__ tilts, int lines, int depths, int box,
                     int stride, int perLine, float* __restrict__ kept, int* __restrict__ counts) {
    __shared__ float change[kLinesPerBlock][32];
    __shared__ double before[kLinesPerBlock][32];
    const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
    const int k = static_cast<int>(blockIdx.x) * kLinesPerBlock + warp;
    if (k >= lines) return;  // the whole warp
    const int length = f.length();
    const int a = k / depths, d = k % depths;
    const DeviceTilt t = tilts[a];
    const double v0 = t.offset + d - t.slope * 0.5 * length;
    const int half = box / 2;
    auto mirror = [length](int i) {
        while (i < 0 || i >= length) i = i < 0 ? -i - 1 : 2 * length - i - 1;
        return i;
    };
    bool unused = false;
    double sum = 0.0;  // lane 0's
    for (int base = 0; base < box; base += 32) {
        const int j = base + lane;
        change[warp][lane] =
            j < box ? lineStep(steps, f, v0, t.slope, mirror(j - half), unused) : 0.0f;
        __syncwarp();
        if (lane == 0) {
            for (int i = 0; i < 32 && base + i < box; ++i) sum += change[warp][i];
        }
        __syncwarp();
    }
    float* out = kept + static_cast<std::size_t>(k) * perLine;
    int n = 0;
    for (int base = 0; base < length; base += 32) {
        const int u = base + lane;
        bool keep = false;
        if (u < length) {
            bool valid = false;
            (void)lineStep(steps, f, v0, t.slope, u, valid);
            keep = u % stride == 0 && valid;
            change[warp][lane] = lineStep(steps, f, v0, t.slope, mirror(u - half + box), unused) -
                                 lineStep(steps, f, v0, t.slope, mirror(u - half), unused);
        }
        __syncwarp();
        if (lane == 0) {
            for (int i = 0; i < 32 && base + i < length; ++i) {
                before[warp][i] = sum;
                sum += change[warp][i];
            }
        }
        __syncwarp();
        const unsigned keeping = __ballot_sync(0xffffffffu, keep);
        if (keep) {
            out[n + __popc(keeping & ((1u << lane) - 1u))] =
                static_cast<float>(before[warp][lane] / box);
        }
        n += __popc(keeping);
        __syncwarp();
    }
    if (lane == 0) counts[k] = n;
}

// Their lower quartiles (-inf: no valid sample), one block per line.
__global__ void __launch_bounds__(kBlock)
    quartileKernel(const float* __restrict__ kept, const int* __restrict__ counts, int perLine,
                   float* q) {
    const int k = blockIdx.x;
    const int n = counts[k];
    float value = -INFINITY;
    if (n > 0) {
        value = blockSelect(kept + static_cast<std::size_t>(k) * perLine, n,
                            Rank::quantile(0.25).of(static_cast<unsigned long long>(n)));
    }
    if (threadIdx.x == 0) q[k] = value;
}

struct SideParams {
    int side;
    int depths, angles, steps;
    double angleStep, minStep, reachExtra, endFraction;
};

// PlatformFinder.cpp's stepReachesBothEnds: the step holds (>= minStep) at half the valid
// samples or more of each end span of the line.
__device__ bool stepReachesBothEnds(const float* steps, const DeviceSide& f, const DeviceTilt& t,
                                    double d, float minStep, double endFraction) {
    const int length = f.length(), across = f.across();
    const int span = max(1, static_cast<int>(endFraction * length));
    auto endHolds = [&](int from, int to) {
        int present = 0, valid = 0;
        for (int u = from; u < to; ++u) {
            const int v = static_cast<int>(floor(t.v(d, u, length) + 0.5));
            if (v < 0 || v >= across) continue;
            ++valid;
            present += steps[f.index(u, v)] >= minStep ? 1 : 0;
        }
        return valid > 0 && 2 * present >= valid;
    };
    return endHolds(0, span) && endHolds(length - span, length);
}

// best[d] over the tilts in order (ties keep the first), then the deepest line that is a local
// maximum >= minStep x spread and whose step reaches both ends of the image (the CPU searches
// from the deepest line up and stops at the first: the largest d that qualifies), and the band.
__global__ void deepestKernel(const float* q, const float* steps, DeviceSide f, SideParams p,
                              const float* low, const float* high, const DeviceTilt* tilts,
                              int* bestAngleOut, float* bestOut, DevicePlatformBand* band,
                              int* deepestOut) {
    const float spread = maxOf2(*high - *low, 1e-6f);
    for (int d = threadIdx.x; d < p.depths; d += blockDim.x) {
        float best = -INFINITY;
        int angle = 0;
        for (int a = 0; a < p.angles; ++a) {
            const float v = q[static_cast<std::size_t>(a) * p.depths + d];
            if (v > best) {
                best = v;
                angle = a;
            }
        }
        bestOut[d] = best;
        bestAngleOut[d] = angle;
    }
    __syncthreads();
    __shared__ int deepest;
    if (threadIdx.x == 0) deepest = -1;
    __syncthreads();
    const float endStep = static_cast<float>(0.5f * p.minStep * spread);
    for (int d = threadIdx.x + 1; d + 1 < p.depths; d += blockDim.x) {
        const float v = bestOut[d];
        if (v < bestOut[d - 1] || v < bestOut[d + 1] || v < p.minStep * spread) continue;
        if (stepReachesBothEnds(steps, f, tilts[bestAngleOut[d]], d, endStep, p.endFraction)) {
            atomicMax(&deepest, d);
        }
    }
    __syncthreads();
    if (threadIdx.x != 0) return;
    *deepestOut = deepest;
    DevicePlatformBand b{0, 0.0, 0.0, 0.0f};
    if (deepest >= 0) {
        const int a = bestAngleOut[deepest];
        const double reach = deepest + p.reachExtra;
        b = {1, (a - p.steps) * p.angleStep, tilts[a].offset + reach, bestOut[deepest] / spread};
    }
    *band = b;
}

__global__ void paintKernel(DeviceSide f, const DeviceTilt* tilts, const int* bestAngle,
                            const int* deepest, double reachExtra, std::uint8_t* mask) {
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    const int d = *deepest;
    if (d < 0 || u >= f.length()) return;
    const DeviceTilt t = tilts[bestAngle[d]];
    const double reach = d + reachExtra;
    const double edge = t.v(reach, u, f.length());
    for (int v = 0; v < f.across() && v <= edge; ++v) mask[f.index(u, v)] = 1;
}

}  // namespace

std::vector<processing::BorderStrip> DevicePlatforms::bands(
    const std::vector<DevicePlatformBand>& sides) {
    std::vector<processing::BorderStrip> out;
    for (std::size_t s = 0; s < sides.size() && s < kSides.size(); ++s) {
        if (sides[s].found == 0) continue;
        out.push_back({kSides[s], sides[s].angle, sides[s].depth, sides[s].level});
    }
    return out;
}

DevicePlatforms DevicePlatformFinder::operator()(DeviceContext& ctx, const DeviceImage& img,
                                                 const float* low, const float* high,
                                                 const processing::PlatformSettings& s) const {
    const int w = img.width(), h = img.height();
    DevicePlatforms out;
    out.mask = ctx.raster<std::uint8_t>(w, h);
    out.sides = ctx.raster<DevicePlatformBand>(4, 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.mask.data(), 0, out.mask.bytes(), ctx.stream()));
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.sides.data(), 0, out.sides.bytes(), ctx.stream()));
    if (w < 8 || h < 8) return out;
    const DeviceImage g = DeviceGaussianBlur{}(ctx, img, s.smoothMm / s.workingMm);
    const int box = std::max(3, static_cast<int>(std::lround(s.alongMm / s.workingMm)));
    const int stride = std::max(1, box / 4);
    // The steps across the lines of the side at hand (every side covers every pixel once).
    DeviceImage steps = ctx.raster<float>(w, h);
    SideParams p{};
    p.steps = static_cast<int>(std::floor(s.maxAngle / s.angleStep + 1e-9));
    p.angles = 2 * p.steps + 1;
    p.angleStep = s.angleStep;
    p.minStep = s.minStep;
    p.reachExtra = s.marginMm / s.workingMm;
    p.endFraction = s.endFraction;
    for (std::size_t side = 0; side < kSides.size(); ++side) {
        if (!processing::isPlatformSide(kSides[side])) continue;
        const DeviceSide f{static_cast<int>(kSides[side]), w, h};
        p.side = static_cast<int>(side);
        p.depths = static_cast<int>(s.maxDepth * f.across());
        if (p.depths < 3) continue;
        std::vector<DeviceTilt> tilts(static_cast<std::size_t>(p.angles));
        for (int a = 0; a < p.angles; ++a) {
            const processing::LineTilt t =
                processing::LineTilt::of((a - p.steps) * s.angleStep, f.length());
            tilts[static_cast<std::size_t>(a)] = {t.slope, t.offset};
        }
        const DeviceRaster<DeviceTilt> tiltTable = ctx.table(tilts);
        DeviceImage q = ctx.raster<float>(p.depths, p.angles);
        const dim3 stepGrid((f.across() + kBlock - 1) / kBlock, f.length());
        stepsAcrossKernel<<<stepGrid, kBlock, 0, ctx.stream()>>>(g.data(), f, steps.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
        const int lines = p.angles * p.depths;
        const int perLine = (f.length() + stride - 1) / stride;
        DeviceImage kept = ctx.raster<float>(perLine, lines);
        DeviceRaster<int> counts = ctx.raster<int>(lines, 1);
        boxAverageKernel<<<(lines + kLinesPerBlock - 1) / kLinesPerBlock, 32 * kLinesPerBlock, 0,
                           ctx.stream()>>>(steps.data(), f, tiltTable.data(), lines, p.depths, box,
                                           stride, perLine, kept.data(), counts.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
        quartileKernel<<<lines, kBlock, 0, ctx.stream()>>>(kept.data(), counts.data(), perLine,
                                                           q.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
        DeviceRaster<int> bestAngle = ctx.raster<int>(p.depths, 1);
        DeviceImage best = ctx.raster<float>(p.depths, 1);
        int* deepest = ctx.scalar<int>();
        deepestKernel<<<1, 256, 0, ctx.stream()>>>(q.data(), steps.data(), f, p, low, high,
                                                   tiltTable.data(), bestAngle.data(), best.data(),
                                                   out.sides.data() + side, deepest);
        XRAYPREP_CUDA_CHECK_LAUNCH();
        paintKernel<<<(f.length() + 127) / 128, 128, 0, ctx.stream()>>>(
            f, tiltTable.data(), bestAngle.data(), deepest, p.reachExtra, out.mask.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
    }
    return out;
}

}  // namespace xrayprep::gpu::regions
