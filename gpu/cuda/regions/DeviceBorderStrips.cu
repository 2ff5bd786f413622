#include "gpu/cuda/regions/DeviceBorderStrips.h"

#include <cub/cub.cuh>

#include <array>
#include <cmath>

#include "gpu/cuda/regions/BlockSelect.cuh"
#include "gpu/cuda/regions/Launch.cuh"
#include "gpu/cuda/regions/SideGeometry.cuh"
#include "processing/contour/SideLines.h"

namespace xrayprep::gpu::regions {
namespace {

constexpr int kBlock = 256;
constexpr int kFirstChunk = 32;  // lines judged for every candidate before any walk
using processing::ImageSide;
constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                          ImageSide::Bottom};

struct Candidate {
    double score;
    double angle;
    double depth;
    float level;
    int start;
    int lines;
};

struct SearchParams {
    int w, h;
    int angles, steps;
    double angleStep;
    double tolerance, coverage, maxDepth, leadIn;
    int lineCapacity;  // values per line scratch
    int levelCapacity;
};

struct Line {
    int n;
    bool uniform;
    float level;
};

// tol = tolerance x max(high - low, 1e-6f), as BorderStripFinder computes it.
__device__ double toleranceOf(const float* low, const float* high, double tolerance) {
    const float spread = maxOf2(*high - *low, 1e-6f);
    return tolerance * spread;
}

// lineValues: the values of line d in order of u (inside the image only), into vals; returns n.
__device__ int gatherLine(const float* img, const DeviceSide& f, const DeviceTilt& t, int d,
                          float* vals) {
    using Scan = cub::BlockScan<int, kBlock>;
    __shared__ typename Scan::TempStorage temp;
    __shared__ int count;
    const int length = f.length(), across = f.across();
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    for (int base = 0; base < length; base += kBlock) {
        const int u = base + threadIdx.x;
        int vv = -1;
        if (u < length) vv = static_cast<int>(lround(t.v(d, u, length)));
        const int take = u < length && vv >= 0 && vv < across ? 1 : 0;
        int offset = 0, total = 0;
        Scan(temp).ExclusiveSum(take, offset, total);
        if (take) vals[count + offset] = img[f.index(u, vv)];
        __syncthreads();
        if (threadIdx.x == 0) count += total;
        __syncthreads();
    }
    const int n = count;
    __syncthreads();  // read by all before a later call resets it
    return n;
}

// judgeLine on vals[0, n) (all threads; the verdict is the same in every thread).
__device__ Line judgeLine(const float* vals, int n, double tolerance, double coverage,
                          float* smooth) {
    __shared__ int uniform;
    __shared__ float level;
    Line out{n, false, 0.0f};
    if (n < 8) return out;
    const int half = max(1, n / 40);
    const int stride = max(1, half / 2);
    const int m = (n + stride - 1) / stride;
    // Each window's median by one warp: lane j ranks the window's elements j and j + 32 (and
    // so on) in one pass over the window, and the one of rank size / 2 writes it (ranks break
    // ties by position, so exactly one does). The medians are most of a line's work: with them
    // skipped the kernel took 0.25 of its 1.46 ms on an H200.
    const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
    for (int k = warp; k < m; k += kBlock / 32) {
        const int i = k * stride;
        const int lo = max(0, i - half), hi = min(n - 1, i + half);
        const int size = hi - lo + 1;
        const float* window = vals + lo;
        for (int j = lane; j < size; j += 64) {
            const int j2 = j + 32;
            const bool second = j2 < size;
            const float v = window[j], v2 = second ? window[j2] : 0.0f;
            int r = 0, r2 = 0;
            for (int e = 0; e < size; ++e) {
                const float u = window[e];
                r += (u < v || (u == v && e < j)) ? 1 : 0;
                r2 += (u < v2 || (u == v2 && e < j2)) ? 1 : 0;
            }
            if (r == size / 2) smooth[k] = v;
            if (second && r2 == size / 2) smooth[k] = v2;
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (int k = 0; k < m; ++k) {
            const double x = k * stride, y = smooth[k];
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        const double denom = m * sxx - sx * sx;
        const double slope = denom != 0.0 ? (m * sxy - sx * sy) / denom : 0.0;
        const double intercept = (sy - slope * sx) / m;
        int within = 0;
        for (int k = 0; k < m; ++k) {
            const double fit = intercept + slope * static_cast<double>(k * stride);
            within += fabs(smooth[k] - fit) <= tolerance ? 1 : 0;
        }
        uniform = within >= coverage * m && fabs(slope) * n <= 3.0 * tolerance ? 1 : 0;
    }
    // medianOf(smooth): the element of rank m / 2.
    for (int j = threadIdx.x; j < m; j += kBlock) {
        if (rankOf(smooth, m, j) == m / 2) level = smooth[j];
    }
    __syncthreads();
    out.uniform = uniform != 0;
    out.level = level;
    __syncthreads();
    return out;
}

struct Verdict {
    int n;
    int uniform;
    float level;
};

// Lines a candidate may need: the start search (d0 <= maxLead) and the band (d < maxDepth x
// across).
__host__ __device__ inline int linesToJudge(const SearchParams& s, int across) {
    const int maxLead = max(1, static_cast<int>(s.leadIn * across));
    const int deepest = static_cast<int>(ceil(s.maxDepth * across));
    return max(maxLead + 1, deepest);
}

// Lines [from, from + count) of every candidate whose walk still needs them (`more`; the first
// chunk holds every line of the lead-in and is judged for all), each judged on its own
// (judgeLine is a function of the line alone): one block per (candidate, line), the line and its
// running medians in shared memory.
__global__ void __launch_bounds__(kBlock)
    judgeKernel(const float* __restrict__ img, const DeviceTilt* __restrict__ tilts, SearchParams s,
                int slots, int from, int count, const int* __restrict__ more, const float* low,
                const float* high, Verdict* verdicts) {
    extern __shared__ float shared[];
    const int k = blockIdx.x / count, d = from + blockIdx.x % count;
    if (from > 0 && more[k] == 0) return;
    const DeviceSide f{sideAt(k / s.angles), s.w, s.h};
    if (d >= linesToJudge(s, f.across())) return;
    float* vals = shared;
    float* smooth = shared + f.length();
    const double tol = toleranceOf(low, high, s.tolerance);
    const int n = gatherLine(img, f, tilts[k], d, vals);
    const Line v = judgeLine(vals, n, tol, s.coverage, smooth);
    if (threadIdx.x == 0) {
        verdicts[static_cast<std::size_t>(k) * slots + d] = {n, v.uniform ? 1 : 0, v.level};
    }
}

struct Walk {
    int start = -1;       // the band's first line, -1: none
    int end = -1;         // the line after the band
    int lines = 0;        // lines in the band
    bool stopped = true;  // false: the walk reached `judged` and needs more lines
};

// searchTilt's walk over the verdicts of lines [0, judged), in the CPU's order: the first
// uniform line within the lead-in starts the band, which goes on while lines are long enough,
// uniform, and keep the level of the line before; their levels into lv when given.
__device__ Walk walkVerdicts(const Verdict* v, const SearchParams& s, const DeviceSide& f,
                             double tol, int judged, float* lv) {
    const int across = f.across();
    const int maxLead = max(1, static_cast<int>(s.leadIn * across));
    Walk w;
    for (int d0 = 0; d0 <= maxLead; ++d0) {
        if (v[d0].uniform != 0) {
            w.start = d0;
            break;
        }
    }
    w.end = w.start;
    if (w.start < 0) return w;
    bool hasPrevious = false;
    float previous = 0.0f;
    int d = w.start;
    while (d < s.maxDepth * across) {
        if (d >= judged) {
            w.stopped = false;
            break;
        }
        if (v[d].n < 0.8 * f.length()) break;
        if (v[d].uniform == 0) break;
        if (hasPrevious && fabsf(v[d].level - previous) > 2.0 * tol) break;
        hasPrevious = true;
        previous = v[d].level;
        if (lv != nullptr) lv[w.lines] = v[d].level;
        ++w.lines;
        ++d;
    }
    w.end = d;
    return w;
}

// Whether each candidate's walk needs lines past the `judged` first ones.
__global__ void progressKernel(SearchParams s, int slots, int judged, const float* low,
                               const float* high, const Verdict* verdicts, int* more) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= 4 * s.angles) return;
    const DeviceSide f{sideAt(k / s.angles), s.w, s.h};
    const Verdict* v = verdicts + static_cast<std::size_t>(k) * slots;
    more[k] =
        walkVerdicts(v, s, f, toleranceOf(low, high, s.tolerance), judged, nullptr).stopped ? 0 : 1;
}

// searchTilt's walk over the verdicts, in the CPU's order: the first uniform line within the
// lead-in starts the band, which goes on while lines are long enough, uniform, and keep the
// level of the line before; then the band's score, depth and median level.
__global__ void searchKernel(const DeviceTilt* __restrict__ tilts, SearchParams s, int slots,
                             const float* low, const float* high, const Verdict* verdicts,
                             float* levels, Candidate* out) {
    const int k = blockIdx.x;
    const DeviceSide f{sideAt(k / s.angles), s.w, s.h};
    const double angle = (k % s.angles - s.steps) * s.angleStep;
    const DeviceTilt t = tilts[k];
    const Verdict* v = verdicts + static_cast<std::size_t>(k) * slots;
    float* lv = levels + static_cast<std::size_t>(k) * s.levelCapacity;
    __shared__ int start, lines, end;
    if (threadIdx.x == 0) {
        const Walk walk = walkVerdicts(v, s, f, toleranceOf(low, high, s.tolerance), slots, lv);
        start = walk.start;
        lines = walk.lines;
        end = walk.end;
    }
    __syncthreads();
    Candidate c{-1.0, angle, 0.0, 0.0f, 0, 0};
    if (start < 0 || lines < 2) {
        if (threadIdx.x == 0) out[k] = c;
        return;
    }
    __shared__ float level;
    for (int j = threadIdx.x; j < lines; j += blockDim.x) {
        if (rankOf(lv, lines, j) == lines / 2) level = lv[j];
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        c.score = end + t.offset - 0.01 * fabs(angle);  // the depth reached at the middle
        c.depth = end + t.offset;
        c.start = start;
        c.lines = lines;
        c.level = level;
        out[k] = c;
    }
}

// Fixed order: per side the first tilt with the highest score.
__global__ void chooseKernel(const Candidate* cands, int angles, DeviceStripResult* sides) {
    const int side = threadIdx.x;
    if (side >= 4) return;
    int best = -1;
    for (int a = 0; a < angles; ++a) {
        const Candidate& c = cands[side * angles + a];
        if (c.score < 0.0) continue;
        if (best < 0 || c.score > cands[best].score) best = side * angles + a;
    }
    DeviceStripResult r{0, 0, 0.0, 0.0, 0.0f, 0, 0};
    if (best >= 0) {
        const Candidate& c = cands[best];
        r = {1, best, c.angle, c.depth, c.level, c.start, c.lines};
    }
    sides[side] = r;
}

// Position u of a side's band, walked inwards as BorderStripFinder paints it: while its pixels
// keep their line's level, and between the side and the first line (past the lead-in) the
// first line's level. Returns whether the walk got past that wedge (the band covers its side
// there); paints the pixels it passed when `mask` is given.
__device__ bool walkBand(const float* __restrict__ img, const DeviceSide& f, const DeviceTilt& t,
                         const DeviceStripResult& r, const float* lv, double tol, int maxLead,
                         int u, std::uint8_t* mask) {
    const int length = f.length();
    const double edge = r.depth + t.slope * (u - 0.5 * length);
    for (int v = 0; v < f.across() && v < edge; ++v) {
        const int i = f.index(u, v);
        const double line = v - t.offset - t.slope * (u - 0.5 * length);
        const int k = static_cast<int>(lround(line)) - r.start;
        const bool wedge = line < -0.5 && v >= maxLead;
        const bool onLine = k >= 0 && k < r.lines;
        const float expected = onLine ? lv[k] : lv[0];
        if ((wedge || onLine) && fabsf(img[i] - expected) > 2.0 * tol) return !wedge;
        if (mask != nullptr) mask[i] = 1;
    }
    return true;
}

struct BandArgs {
    const float* img;
    const DeviceTilt* tilts;
    const float* levels;
    int levelCapacity;
    int w, h;
    const float* low;
    const float* high;
    double tolerance, leadIn, coverage;
};

// Per side and position along it: without `mask`, counts the positions where the chosen band
// covers its side; with it, paints the band.
__global__ void bandKernel(BandArgs a, const DeviceStripResult* sides, int* covering,
                           std::uint8_t* mask) {
    const int side = blockIdx.y;
    const DeviceStripResult r = sides[side];
    if (r.found == 0) return;
    const DeviceSide f{sideAt(side), a.w, a.h};
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= f.length()) return;
    const int maxLead = max(1, static_cast<int>(a.leadIn * f.across()));
    const float* lv = a.levels + static_cast<std::size_t>(r.candidate) * a.levelCapacity;
    const bool covers = walkBand(a.img, f, a.tilts[r.candidate], r, lv,
                                 toleranceOf(a.low, a.high, a.tolerance), maxLead, u, mask);
    if (mask == nullptr && covers) atomicAdd(covering + side, 1);
}

// A band that covers its side along less than `coverage` of its length is no band.
__global__ void decideKernel(BandArgs a, DeviceStripResult* sides, const int* covering) {
    const int side = threadIdx.x;
    if (side >= 4 || sides[side].found == 0) return;
    const DeviceSide f{sideAt(side), a.w, a.h};
    if (covering[side] < a.coverage * f.length()) sides[side].found = 0;
}

}  // namespace

std::vector<processing::BorderStrip> DeviceBorderStrips::strips(
    const std::vector<DeviceStripResult>& sides) {
    std::vector<processing::BorderStrip> out;
    for (std::size_t s = 0; s < sides.size() && s < kSides.size(); ++s) {
        if (sides[s].found == 0) continue;
        out.push_back({kSides[s], sides[s].angle, sides[s].depth, sides[s].level});
    }
    return out;
}

DeviceBorderStrips DeviceBorderStripFinder::operator()(
    DeviceContext& ctx, const DeviceImage& img, const float* low, const float* high,
    const processing::BorderStripSettings& s) const {
    const int w = img.width(), h = img.height();
    DeviceBorderStrips out;
    out.mask = ctx.raster<std::uint8_t>(w, h);
    out.sides = ctx.raster<DeviceStripResult>(4, 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.mask.data(), 0, out.mask.bytes(), ctx.stream()));
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.sides.data(), 0, out.sides.bytes(), ctx.stream()));
    if (w < 8 || h < 8) return out;
    SearchParams p{};
    p.w = w;
    p.h = h;
    p.steps = static_cast<int>(std::floor(s.maxAngle / s.angleStep + 1e-9));
    p.angles = 2 * p.steps + 1;
    p.angleStep = s.angleStep;
    p.tolerance = s.tolerance;
    p.coverage = s.coverage;
    p.maxDepth = s.maxDepth;
    p.leadIn = s.leadIn;
    p.lineCapacity = std::max(w, h);
    p.levelCapacity = static_cast<int>(std::ceil(s.maxDepth * std::max(w, h))) + 2;
    const int candidates = 4 * p.angles;
    std::vector<DeviceTilt> tilts(static_cast<std::size_t>(candidates));
    for (int k = 0; k < candidates; ++k) {
        const DeviceSide f{static_cast<int>(kSides[static_cast<std::size_t>(k / p.angles)]), w, h};
        const double angle = (k % p.angles - p.steps) * s.angleStep;
        const processing::LineTilt t = processing::LineTilt::of(angle, f.length());
        tilts[static_cast<std::size_t>(k)] = {t.slope, t.offset};
    }
    const DeviceRaster<DeviceTilt> tiltTable = ctx.table(tilts);
    // The lines the candidates' walks need, in chunks of growing size: the first holds the
    // lead-in of every side, each later one only the candidates whose band still goes on (most
    // stop within a few lines). Judging every line any candidate may need took ~1.46 ms a run
    // on an H200 at the reference size; the chunks 0.33 ms and their checks 0.1 ms. Then each
    // candidate's walk.
    const int slots = std::max(linesToJudge(p, w), linesToJudge(p, h));
    DeviceRaster<Verdict> verdicts = ctx.raster<Verdict>(slots, candidates);
    DeviceRaster<int> more = ctx.raster<int>(candidates, 1);
    const std::size_t shared = 2 * static_cast<std::size_t>(p.lineCapacity) * sizeof(float);
    if (shared > 48 * 1024) {
        XRAYPREP_CUDA_CHECK(cudaFuncSetAttribute(
            judgeKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
    }
    const int leadLines =
        1 + std::max(1, static_cast<int>(s.leadIn * std::max(w, h)));  // the longer side's
    int chunk = std::max(kFirstChunk, leadLines);
    for (int judged = 0; judged < slots; chunk *= 2) {
        const int count = std::min(chunk, slots - judged);
        judgeKernel<<<candidates * count, kBlock, shared, ctx.stream()>>>(
            img.data(), tiltTable.data(), p, slots, judged, count, more.data(), low, high,
            verdicts.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
        judged += count;
        if (judged < slots) {
            progressKernel<<<(candidates + 63) / 64, 64, 0, ctx.stream()>>>(
                p, slots, judged, low, high, verdicts.data(), more.data());
            XRAYPREP_CUDA_CHECK_LAUNCH();
        }
    }
    DeviceImage levels = ctx.raster<float>(p.levelCapacity, candidates);
    DeviceRaster<Candidate> cands = ctx.raster<Candidate>(candidates, 1);
    searchKernel<<<candidates, 128, 0, ctx.stream()>>>(
        tiltTable.data(), p, slots, low, high, verdicts.data(), levels.data(), cands.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    chooseKernel<<<1, 32, 0, ctx.stream()>>>(cands.data(), p.angles, out.sides.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    const BandArgs band{img.data(), tiltTable.data(), levels.data(), p.levelCapacity, w, h, low,
                        high,       s.tolerance,      s.leadIn,      s.coverage};
    DeviceRaster<int> covering = ctx.raster<int>(4, 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(covering.data(), 0, covering.bytes(), ctx.stream()));
    const dim3 perPosition((std::max(w, h) + 127) / 128, 4);
    bandKernel<<<perPosition, 128, 0, ctx.stream()>>>(band, out.sides.data(), covering.data(),
                                                      nullptr);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    decideKernel<<<1, 32, 0, ctx.stream()>>>(band, out.sides.data(), covering.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    bandKernel<<<perPosition, 128, 0, ctx.stream()>>>(band, out.sides.data(), covering.data(),
                                                      out.mask.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
