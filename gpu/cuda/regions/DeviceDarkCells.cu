#include "gpu/cuda/regions/DeviceDarkCells.h"

#include "gpu/CudaError.h"
#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

namespace {

// Per cell: votes across edges per direction (+x, -x, +y, -y), edge votes cast, open-tissue
// votes cast and brighter (processing::DarkCellTotals), one array of entries each.
constexpr int kCounters = 7;

}  // namespace

DeviceMask darkCells(DeviceContext& ctx, const DeviceImage& image, const DeviceMask& candidate,
                     const DeviceMask& edges, const DeviceMask& anatomy, const DeviceMask& open,
                     int crossPx, int flankPx, int minVotes, double share, double balance) {
    const int w = image.width(), h = image.height();
    const std::int64_t n = static_cast<std::int64_t>(image.size());
    DeviceMask cells = ctx.raster<std::uint8_t>(w, h);
    const std::uint8_t* cd = candidate.data();
    const std::uint8_t* ed = edges.data();
    const std::uint8_t* an = anatomy.data();
    const std::uint8_t* op = open.data();
    const float* im = image.data();
    map(ctx, cells,
        [=] __device__(std::int64_t i) -> std::uint8_t { return cd[i] != 0 && ed[i] == 0; });
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, cells);
    const std::uint8_t* cl = cells.data();
    const std::int32_t* labels = cm.labels.data();
    const int entries = static_cast<int>(cm.area.size());
    DeviceRaster<unsigned long long> counters = ctx.raster<unsigned long long>(entries, kCounters);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, counters.bytes(), ctx.stream()));
    unsigned long long* sums = counters.data();
    // DarkCellFinder.cpp's darkCellVotesAt, pixel by pixel.
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0) return;
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        auto at = [=](int px, int py) { return static_cast<std::int64_t>(py) * w + px; };
        // From (qx, qy) on: does the image stay above the inside neighbour over flankPx?
        auto brighterFrom = [=](int qx, int qy, int dx, int dy) {
            const int ix = min(max(x - dx, 0), w - 1), iy = min(max(y - dy, 0), h - 1);
            const float inside = im[at(ix, iy)];
            for (int k = 0; k <= flankPx; ++k) {
                const int fx = qx + k * dx, fy = qy + k * dy;
                if (fx < 0 || fy < 0 || fx >= w || fy >= h) break;
                if (an[at(fx, fy)] == 0 || im[at(fx, fy)] <= inside) return false;
            }
            return true;
        };
        unsigned long long v[kCounters] = {0, 0, 0, 0, 0, 0, 0};
        for (int k4 = 0; k4 < 4; ++k4) {
            const int dx = k4 == 0 ? 1 : (k4 == 1 ? -1 : 0);
            const int dy = k4 == 2 ? 1 : (k4 == 3 ? -1 : 0);
            int qx = x + dx, qy = y + dy;
            if (qx < 0 || qy < 0 || qx >= w || qy >= h || cl[at(qx, qy)] != 0) continue;
            if (ed[at(qx, qy)] != 0) {
                for (int k = 0; k < crossPx && ed[at(qx, qy)] != 0; ++k) {
                    const int nx = qx + dx, ny = qy + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) break;
                    qx = nx;
                    qy = ny;
                }
                if (ed[at(qx, qy)] != 0 || an[at(qx, qy)] == 0) continue;
                ++v[4];
                if (brighterFrom(qx, qy, dx, dy)) ++v[k4];
            } else if (op[at(qx, qy)] != 0) {
                ++v[5];
                if (brighterFrom(qx, qy, dx, dy)) ++v[6];
            }
        }
        for (int c = 0; c < kCounters; ++c) {
            if (v[c] != 0) atomicAdd(&sums[static_cast<std::int64_t>(c) * entries + l], v[c]);
        }
    });
    DeviceMask dark = labelFlags(ctx, cm);
    std::uint8_t* k = dark.data();
    const int* count = cm.count;
    // processing::isDarkCell.
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        auto sum = [=](int c) { return static_cast<long long>(sums[c * entries + l]); };
        const long long edgeBrighter = sum(0) + sum(1) + sum(2) + sum(3);
        const long long edgeCast = sum(4), openCast = sum(5), openBrighter = sum(6);
        const long long cast = edgeCast + openCast;
        bool isDark = false;
        if (cast >= minVotes) {
            if (static_cast<double>(edgeBrighter + openBrighter) >=
                share * static_cast<double>(cast)) {
                isDark = true;
            } else {
                const long long opposite = min(sum(0), sum(1)) + min(sum(2), sum(3));
                isDark =
                    edgeCast >= minVotes &&
                    static_cast<double>(edgeBrighter) >= share * static_cast<double>(edgeCast) &&
                    static_cast<double>(opposite) >= balance * static_cast<double>(edgeBrighter);
            }
        }
        k[l] = isDark ? 1 : 0;
    });
    return selectLabels(ctx, cm, dark);
}

}  // namespace xrayprep::gpu::regions
