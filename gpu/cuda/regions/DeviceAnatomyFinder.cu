#include "gpu/cuda/regions/DeviceAnatomyFinder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/DeviceGradientMagnitude.h"
#include "gpu/cuda/regions/DevicePocketSealer.h"
#include "gpu/cuda/regions/DeviceStatistics.cuh"
#include "gpu/cuda/regions/Launch.cuh"
#include "processing/contour/RegionsConstants.h"
#include "processing/contour/SecondBackground.h"

namespace xrayprep::gpu::regions {
namespace {

constexpr int kBins = 256;

// BackgroundFoot.cpp's smoothing kernel (sigma 3 bins), on the host (std::exp).
struct FootKernel {
    std::vector<double> taps;
    double sum = 0.0;
    int radius = 0;
};
FootKernel footKernel() {
    FootKernel k;
    const double sigma = 3.0;
    k.radius = static_cast<int>(std::ceil(4.0 * sigma));
    k.taps.resize(static_cast<std::size_t>(2 * k.radius + 1));
    for (int i = -k.radius; i <= k.radius; ++i) {
        k.taps[static_cast<std::size_t>(i + k.radius)] = std::exp(-0.5 * i * i / (sigma * sigma));
        k.sum += k.taps[static_cast<std::size_t>(i + k.radius)];
    }
    return k;
}

__global__ void histogramKernel(const float* img, std::int64_t n, double scale,
                                unsigned long long* counts) {
    __shared__ unsigned int h[kBins];
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) h[b] = 0;
    __syncthreads();
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        const int b = clampTo(static_cast<int>(img[i] * scale), 0, kBins - 1);
        atomicAdd(&h[b], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
        if (h[b] != 0) atomicAdd(&counts[b], static_cast<unsigned long long>(h[b]));
    }
}

// histogramBackground: findBackgroundFoot (minFraction 0.03) on the counts, in the CPU's
// order; the level is (foot + 0.5) / scale, 0 without a foot. One thread per bin smooths the
// histogram (each bin's taps in the CPU's order), then one thread sums it once in order: the
// CPU's running sums over bins 0..b are the prefixes of that sum (one thread doing it all, with
// a sum per peak, took ~400 us on an H200).
__global__ void __launch_bounds__(kBins)
    footKernel(const unsigned long long* counts, const double* taps, int r, double tapSum,
               double scale, float* level) {
    constexpr int n = kBins;
    constexpr double kMinFraction = 0.03;
    __shared__ double hs[n];
    __shared__ double prefix[n];
    auto mirror = [](int i) {
        while (i < 0 || i >= n) i = i < 0 ? -i - 1 : 2 * n - i - 1;
        return i;
    };
    const int bin = static_cast<int>(threadIdx.x);
    double s = 0.0;
    for (int i = -r; i <= r; ++i) s += taps[i + r] * static_cast<double>(counts[mirror(bin + i)]);
    hs[bin] = s / tapSum;
    __syncthreads();
    if (bin != 0) return;
    double run = 0.0;
    for (int b = 0; b < n; ++b) {
        run += hs[b];
        prefix[b] = run;
    }
    *level = 0.0f;
    const double total = prefix[n - 1];
    if (!(total > 0.0)) return;
    for (int p = 0; p + 1 < n; ++p) {
        const bool peak = (p == 0 || hs[p] >= hs[p - 1]) && hs[p] > hs[p + 1];
        if (!peak) continue;
        int b = p + 1;
        while (b < n - 1) {
            if (hs[b] <= 0.1 * hs[p]) break;
            if (hs[b] <= hs[b - 1] && hs[b] < hs[b + 1] && hs[b] <= 0.6 * hs[p]) break;
            ++b;
        }
        if (prefix[b] / total >= kMinFraction) {
            *level = static_cast<float>((b + 0.5) / scale);
            return;
        }
    }
}

// The frame of the image: within fw pixels of a side.
struct FrameTest {
    int w, h, fw;
    __device__ bool operator()(std::int64_t i) const {
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        return x < fw || y < fw || x >= w - fw || y >= h - fw;
    }
};

std::string round1(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

}  // namespace

DeviceAnatomy DeviceAnatomyFinder::operator()(DeviceContext& ctx, const DeviceImage& img,
                                              std::uint16_t maxValue,
                                              const processing::AnatomyFinderSettings& s,
                                              StepProfile* profile) const {
    auto mark = [profile](const char* step) {
        if (profile != nullptr) profile->mark(step);
    };
    const int w = img.width(), h = img.height();
    const std::int64_t n = static_cast<std::int64_t>(img.size());
    const DeviceDiskMorphology morph;
    DeviceAnatomy out;
    out.workingMm = s.workingMm;
    out.minObjectMm2 = s.minObjectMm2;
    out.backgroundFound = ctx.scalar<int>();
    out.anatomy = ctx.raster<std::uint8_t>(w, h);
    out.background = ctx.raster<std::uint8_t>(w, h);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.anatomy.data(), 0, out.anatomy.bytes(), ctx.stream()));
    XRAYPREP_CUDA_CHECK(
        cudaMemsetAsync(out.background.data(), 0, out.background.bytes(), ctx.stream()));
    if (w == 0 || h == 0) return out;
    const float* im = img.data();
    auto all = [=] __device__(std::int64_t i, float& v) {
        v = im[i];
        return true;
    };
    // robustRange(0.005, 0.995): the bands, the platforms and the flood all use it.
    float* low = ctx.scalar<float>();
    float* high = ctx.scalar<float>();
    selectValue(ctx, n, all, Rank::quantile(0.005), low);
    selectValue(ctx, n, all, Rank::quantile(0.995), high);
    out.levels.low = low;
    out.levels.high = high;

    mark("1a range");
    out.strips = DeviceBorderStripFinder{}(ctx, img, low, high, s.strips);
    mark("1b bands");
    processing::PlatformSettings ps = s.platforms;
    ps.workingMm = s.workingMm;
    out.platforms = DevicePlatformFinder{}(ctx, img, low, high, ps);
    mark("1c platforms");
    // rest: outside the strips, or everywhere when they leave 100 pixels or fewer.
    auto* restCount = ctx.scalar<unsigned long long>();
    const std::uint8_t* strips = out.strips.mask.data();
    countIf(
        ctx, n, [=] __device__(std::int64_t i) { return strips[i] == 0; }, restCount);
    DeviceMask rest = ctx.raster<std::uint8_t>(w, h);
    map(ctx, rest, [=] __device__(std::int64_t i) -> std::uint8_t {
        return *restCount <= 100 ? 1 : strips[i] == 0;
    });

    const DeviceImage gradient =
        DeviceGradientMagnitude{}(ctx, DeviceGaussianBlur{}(ctx, img, 1.0));
    const float* gr = gradient.data();
    const int fw = std::max(2, static_cast<int>(0.03 * std::min(w, h)));
    const FrameTest inFrame{w, h, fw};
    const std::int64_t frameCount =
        n - static_cast<std::int64_t>(std::max(0, w - 2 * fw)) * std::max(0, h - 2 * fw);
    if (frameCount > 20) {
        out.frameChecked = true;
        // The histogram's background foot over the whole image.
        DeviceRaster<unsigned long long> counts = ctx.raster<unsigned long long>(kBins, 1);
        XRAYPREP_CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, counts.bytes(), ctx.stream()));
        const double scale = kBins / (static_cast<double>(maxValue) + 1.0);
        histogramKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(im, n, scale,
                                                                          counts.data());
        XRAYPREP_CUDA_CHECK_LAUNCH();
        const FootKernel fk = footKernel();
        const DeviceRaster<double> taps = ctx.table(fk.taps);
        float* histLevel = ctx.scalar<float>();
        footKernel<<<1, kBins, 0, ctx.stream()>>>(counts.data(), taps.data(), fk.radius, fk.sum,
                                                  scale, histLevel);
        XRAYPREP_CUDA_CHECK_LAUNCH();
        float* frame30 = ctx.scalar<float>();
        selectValue(
            ctx, n,
            [=] __device__(std::int64_t i, float& v) {
                v = im[i];
                return inFrame(i);
            },
            Rank::quantile(0.30), frame30);
        // Seeds: the dark pixels of the frame; where they are too few (a brighter collimated
        // margin holds the frame), the large dark regions instead. Both are computed and the
        // count decides on the device.
        float* seedLevelOf = ctx.scalar<float>();
        single(ctx, [=] __device__() { *seedLevelOf = minOf2(*histLevel, *frame30); });
        DeviceMask frameSeeds = ctx.raster<std::uint8_t>(w, h);
        map(ctx, frameSeeds, [=] __device__(std::int64_t i) -> std::uint8_t {
            return inFrame(i) && im[i] <= *seedLevelOf;
        });
        auto* frameSeedCount = ctx.scalar<unsigned long long>();
        const std::uint8_t* fs = frameSeeds.data();
        countIf(
            ctx, n, [=] __device__(std::int64_t i) { return fs[i] != 0; }, frameSeedCount);
        DeviceMask dark = ctx.raster<std::uint8_t>(w, h);
        map(ctx, dark,
            [=] __device__(std::int64_t i) -> std::uint8_t { return im[i] <= *seedLevelOf; });
        const DeviceMask largeSeeds =
            keepLargeComponents(ctx, dark, 0.005 * static_cast<double>(w) * h, 0.0);
        auto* largeSeedCount = ctx.scalar<unsigned long long>();
        const std::uint8_t* ls = largeSeeds.data();
        countIf(
            ctx, n, [=] __device__(std::int64_t i) { return ls[i] != 0; }, largeSeedCount);
        const double needed = 0.05 * static_cast<double>(frameCount);
        DeviceMask seeds = ctx.raster<std::uint8_t>(w, h);
        map(ctx, seeds, [=] __device__(std::int64_t i) -> std::uint8_t {
            return static_cast<double>(*frameSeedCount) < needed ? ls[i] : fs[i];
        });
        auto* seedCount = ctx.scalar<unsigned long long>();
        int* found = out.backgroundFound;
        single(ctx, [=] __device__() {
            *seedCount =
                static_cast<double>(*frameSeedCount) < needed ? *largeSeedCount : *frameSeedCount;
            *found = static_cast<double>(*seedCount) >= needed;
        });
        const std::uint8_t* sd = seeds.data();
        // The statistics of the seeds as found (before the flat dark pixels join them).
        float* darker = ctx.scalar<float>();
        float* seedFlat = ctx.scalar<float>();
        float* seedLevel = ctx.scalar<float>();
        float* restHigh = ctx.scalar<float>();
        out.levels = {low,      high,      histLevel, frame30,  darker,
                      seedFlat, seedLevel, restHigh,  seedCount};
        auto seedValues = [=] __device__(std::int64_t i, float& v) {
            v = im[i];
            return sd[i] != 0;
        };
        selectValue(ctx, n, seedValues, Rank::quantile(0.5), darker);
        selectValue(
            ctx, n,
            [=] __device__(std::int64_t i, float& v) {
                v = gr[i];
                return sd[i] != 0;
            },
            Rank::quantile(0.90), seedFlat);
        selectValue(ctx, n, seedValues, Rank::quantile(0.90), seedLevel);
        const std::uint8_t* rs = rest.data();
        selectValue(
            ctx, n,
            [=] __device__(std::int64_t i, float& v) {
                v = im[i];
                return rs[i] != 0;
            },
            Rank::quantile(0.95), restHigh);
        std::uint8_t* sdw = seeds.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            if (im[i] <= *darker && gr[i] <= *seedFlat) sdw[i] = 1;
        });
        DeviceMask candidate = ctx.raster<std::uint8_t>(w, h);
        const float fraction = static_cast<float>(s.backgroundCeiling);
        map(ctx, candidate, [=] __device__(std::int64_t i) -> std::uint8_t {
            const float spread = maxOf2(*high - *low, 1e-6f);
            const float flat = maxOf2(1.5f * *seedFlat, 0.002f * spread);
            const float level = *seedLevel;
            const float ceiling = level + fraction * (*restHigh - level);
            return gr[i] <= flat && im[i] <= ceiling;
        });
        // processing::AnatomyFinder: every flat frame pixel up to the foot of the histogram's
        // background peak (no higher than the ceiling) seeds the flood as well (the plateaus of
        // a lossy or coarsely quantised background), and so does the core of every exactly
        // flat plateau at those levels anywhere (pockets of the background plateau enclosed
        // by JPEG ringing).
        const std::uint8_t* cd = candidate.data();
        DeviceMask exact = ctx.raster<std::uint8_t>(w, h);
        map(ctx, exact, [=] __device__(std::int64_t i) -> std::uint8_t {
            const float spread = maxOf2(*high - *low, 1e-6f);
            const float level = *seedLevel;
            const float ceiling = level + fraction * (*restHigh - level);
            return gr[i] <= processing::regions::kPlateauFlat * spread && cd[i] != 0 &&
                   im[i] <= minOf2(*histLevel, ceiling);
        });
        const DeviceMask core = morph.erode(
            ctx, exact,
            std::max(1.0, std::round(processing::regions::kPlateauCoreMm / s.workingMm)));
        const std::uint8_t* co = core.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            const float level = *seedLevel;
            const float ceiling = level + fraction * (*restHigh - level);
            if (co[i] != 0 || (inFrame(i) && cd[i] != 0 && im[i] <= minOf2(*histLevel, ceiling))) {
                sdw[i] = 1;
            }
        });
        // processing::AnatomyFinder: a second background (a large, uniform field at the frame,
        // darker than the tissue, that the dark seeds do not reach) seeds the flood as well.
        // Its pieces' quantiles are taken on the host by the same function: three
        // working-grid rasters come down, one mask goes back up; only when some flat frame
        // pixel is not a seed already (processing::hasUnseededFramePixel), counted here first.
        auto* unseeded = ctx.scalar<unsigned long long>();
        countIf(
            ctx, n,
            [=] __device__(std::int64_t i) { return inFrame(i) && cd[i] != 0 && sdw[i] == 0; },
            unseeded);
        unsigned long long unseededCount = 0;
        ctx.download(&unseededCount, unseeded, sizeof unseededCount);
        if (unseededCount > 0) {
            processing::FloatImage hostImage(w, h);
            processing::Mask hostCandidate(w, h), hostSeeds(w, h), hostFrame(w, h);
            ctx.download(hostImage.data(), im, hostImage.size() * sizeof(float));
            ctx.download(hostCandidate.data(), candidate.data(), hostCandidate.size());
            ctx.download(hostSeeds.data(), seeds.data(), hostSeeds.size());
            float range[2] = {0.0f, 0.0f};
            ctx.download(&range[0], low, sizeof(float));
            ctx.download(&range[1], high, sizeof(float));
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    hostFrame.at(x, y) = x < fw || y < fw || x >= w - fw || y >= h - fw ? 1 : 0;
                }
            }
            const processing::Mask extra = processing::secondBackgroundSeeds(
                hostImage, hostCandidate, hostSeeds, hostFrame,
                std::max(range[1] - range[0], 1e-6f), processing::SecondBackgroundSettings{},
                processing::ExecutionPolicy::serial());
            DeviceMask extraOnDevice = ctx.raster<std::uint8_t>(w, h);
            ctx.upload(extraOnDevice.data(), extra.data(), extra.size());
            const std::uint8_t* ex = extraOnDevice.data();
            forEach(ctx, n, [=] __device__(std::int64_t i) {
                if (ex[i] != 0) sdw[i] = 1;
            });
        }
        // The flood stops a pixel or two short of the skin's edge: a small closing.
        const DeviceMask flood =
            intersect(ctx, morph.close(ctx, componentsTouching(ctx, candidate, seeds), 2.0), rest);
        const std::uint8_t* fl = flood.data();
        map(ctx, out.background,
            [=] __device__(std::int64_t i) -> std::uint8_t { return *found != 0 && fl[i] != 0; });
    }

    mark("1d background flood");
    // processing::AnatomyFinder: steps whose band would take more than half of what is not
    // background are not platforms (a straight leg filling the image's length).
    {
        auto* body = ctx.scalar<unsigned long long>();
        auto* beyond = ctx.scalar<unsigned long long>();
        const std::uint8_t* rs = rest.data();
        const std::uint8_t* bg = out.background.data();
        std::uint8_t* pm = out.platforms.mask.data();
        countIf(
            ctx, n, [=] __device__(std::int64_t i) { return rs[i] != 0 && bg[i] == 0; }, body);
        countIf(
            ctx, n,
            [=] __device__(std::int64_t i) { return rs[i] != 0 && bg[i] == 0 && pm[i] != 0; },
            beyond);
        int* dropped = ctx.scalar<int>();
        DevicePlatformBand* sides = out.platforms.sides.data();
        const bool hasSides = out.platforms.sides.size() == 4;
        forEach(ctx, 1, [=] __device__(std::int64_t) {
            bool any = false;
            for (int k = 0; hasSides && k < 4; ++k) any = any || sides[k].found != 0;
            *dropped = any && 2 * *beyond > *body ? 1 : 0;
            if (*dropped != 0) {
                for (int k = 0; k < 4; ++k) sides[k].found = 0;
            }
        });
        map(ctx, out.platforms.mask,
            [=] __device__(std::int64_t i) -> std::uint8_t { return *dropped != 0 ? 0 : pm[i]; });
        out.platformsDropped = dropped;
    }
    const DeviceMask open =
        morph.open(ctx, andNot(ctx, andNot(ctx, rest, out.background), out.platforms.mask),
                   std::max(1.0, s.openMm / s.workingMm));
    out.objects = DeviceConnectedComponents{}(ctx, open);
    int* largest = ctx.scalar<int>();
    largestArea(ctx, out.objects, largest);
    out.kept = labelFlags(ctx, out.objects);
    std::uint8_t* keep = out.kept.data();
    const std::int32_t* area = out.objects.area.data();
    const int* count = out.objects.count;
    const double keepFraction = s.keepFraction;
    forEach(ctx, static_cast<std::int64_t>(out.objects.area.size()),
            [=] __device__(std::int64_t l) {
                if (l < 1 || l > *count) return;
                keep[l] = area[l] >= keepFraction * static_cast<double>(*largest) ? 1 : 0;
            });
    out.anatomy = fillHoles(ctx, selectLabels(ctx, out.objects, out.kept));
    return out;
}

processing::AnatomyFound DeviceAnatomyFinder::describe(DeviceContext& ctx,
                                                       const DeviceAnatomy& found) {
    processing::AnatomyFound out;
    std::vector<DeviceStripResult> strips(4);
    std::vector<DevicePlatformBand> bands(4);
    if (found.strips.sides.size() == 4) {
        ctx.download(strips.data(), found.strips.sides.data(), found.strips.sides.bytes());
    }
    if (found.platforms.sides.size() == 4) {
        ctx.download(bands.data(), found.platforms.sides.data(), found.platforms.sides.bytes());
    }
    out.strips.strips = DeviceBorderStrips::strips(strips);
    out.platforms.bands = DevicePlatforms::bands(bands);
    for (const processing::BorderStrip& st : out.strips.strips) {
        out.discarded.push_back(std::string("band along the ") + processing::toString(st.side) +
                                " edge (" + round1(st.depth * found.workingMm) +
                                " mm deep, tilted " + round1(st.angleDegrees) +
                                "°): uniform along its length (shutter, collimation or platform)");
    }
    if (found.frameChecked && ctx.hostValue(found.backgroundFound) == 0) {
        out.notes.push_back("no background at the image border: the anatomy fills the frame");
    }
    if (found.platformsDropped != nullptr && ctx.hostValue(found.platformsDropped) != 0) {
        out.notes.push_back(
            "straight step(s) along a side not taken for a platform: the band "
            "past them would hold most of the anatomy");
    }
    for (const processing::BorderStrip& p : out.platforms.bands) {
        out.discarded.push_back(std::string("platform along the ") + processing::toString(p.side) +
                                " edge (" + round1(p.depth * found.workingMm) +
                                " mm deep, tilted " + round1(p.angleDegrees) +
                                "°): a straight step across the image");
    }
    if (found.objects.count == nullptr) return out;
    const int components = ctx.hostValue(found.objects.count);
    if (components <= 0) return out;
    const auto entries = static_cast<std::size_t>(components) + 1;
    std::vector<std::int32_t> area(entries), minX(entries), minY(entries), maxX(entries),
        maxY(entries);
    std::vector<std::uint8_t> kept(entries);
    ctx.download(area.data(), found.objects.area.data(), entries * sizeof(std::int32_t));
    ctx.download(minX.data(), found.objects.minX.data(), entries * sizeof(std::int32_t));
    ctx.download(minY.data(), found.objects.minY.data(), entries * sizeof(std::int32_t));
    ctx.download(maxX.data(), found.objects.maxX.data(), entries * sizeof(std::int32_t));
    ctx.download(maxY.data(), found.objects.maxY.data(), entries * sizeof(std::int32_t));
    ctx.download(kept.data(), found.kept.data(), entries);
    const double px2 = found.workingMm * found.workingMm;
    for (std::size_t l = 1; l < entries; ++l) {
        if (kept[l] != 0 || !(area[l] * px2 >= found.minObjectMm2)) continue;
        const double cx = 0.5 * (minX[l] + maxX[l]) * found.workingMm;
        const double cy = 0.5 * (minY[l] + maxY[l]) * found.workingMm;
        out.discarded.push_back("object of " + round1(area[l] * px2) + " mm² at (" + round1(cx) +
                                ", " + round1(cy) +
                                ") mm: apart from the anatomy (marker, ball, text or ruler)");
    }
    return out;
}

}  // namespace xrayprep::gpu::regions
