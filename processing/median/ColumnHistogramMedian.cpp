#include "processing/median/ColumnHistogramMedian.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "processing/core/CacheAlignedAllocator.h"
#include "processing/median/Avx512BinSearch.h"
#include "processing/median/HistogramOps.h"

// The hot loops are plain C++ that the compiler vectorises; the portable body is compiled for
// AVX2 as well as the baseline and picked at run time (the build does not use -march=native).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define XRAYPREP_MEDIAN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define XRAYPREP_MEDIAN_CLONES
#endif

namespace xrayprep::processing {

namespace {

using namespace histogram_ops;

// Which column histograms a tile needs, and where the clamped column of image column x lives.
class TileColumns {
  public:
    TileColumns(int width, int radius, const MedianTile& tile)
        : first_(std::max(0, tile.x0 - radius)),
          count_(std::min(width, tile.x1 + radius) - first_),
          origin_(tile.x0 - radius - 1) {
        for (int x = origin_; x <= tile.x1 + radius; ++x) {
            local_.push_back(std::clamp(x, 0, width - 1) - first_);
        }
    }
    [[nodiscard]] int first() const { return first_; }  // first image column held
    [[nodiscard]] int count() const { return count_; }  // number of column histograms
    // Local histogram of image column x (clamped), for x in [x0 - r - 1, x1 + r].
    [[nodiscard]] int local(int x) const { return local_[x - origin_]; }

  private:
    int first_;
    int count_;
    int origin_;
    std::vector<int> local_;
};

// kWideSearch: find the fine bin with AVX-512 in fixed time. Otherwise walk from the fine bin
// found last time in the same coarse bin: cheap on smooth images, long on noisy ones.
template <int CoarseBits, int FineBits, bool kWideSearch>
XRAYPREP_MEDIAN_INLINE void filterTileBody(const Image& input, const std::uint16_t* rankOf,
                                           const std::uint16_t* valueOf, int radius,
                                           const MedianTile& tile, Image& output) {
    constexpr int kCoarse = 1 << CoarseBits;  // coarse bins
    constexpr int kFine = 1 << FineBits;      // fine bins per coarse bin
    constexpr int kFineMask = kFine - 1;
    // Vector lanes of the histogram arithmetic: one register of the target.
    constexpr int kLanes = kWideSearch ? 32 : 16;
    constexpr int kCoarseLanes = std::min(kLanes, kCoarse);
    constexpr int kFineLanes = std::min(kLanes, kFine);
    const int height = input.height();
    const TileColumns cols(input.width(), radius, tile);
    const int columns = cols.count();
    // Coarse: [column][coarse], cumulative: entry b counts the column's pixels in coarse bins
    // before b, so the window's sums of them hold, at b, the window's elements before b, and
    // the median's coarse bin and the count before it are found without prefix sums.
    // Fine: [coarse][column][fine], so the segments of one coarse bin for neighbouring columns
    // are adjacent when the window's fine bins are updated.
    const std::size_t fineStride = static_cast<std::size_t>(columns) * kFine;
    CacheAlignedVector<ColumnCount> columnCoarse(static_cast<std::size_t>(columns) * kCoarse, 0);
    CacheAlignedVector<ColumnCount> columnFine(fineStride * kCoarse, 0);
    ColumnCount* const coarse = columnCoarse.data();
    ColumnCount* const fine = columnFine.data();
    // The window histogram; its fine segment of coarse bin c is valid at column fineValidAt[c]
    // of the current row and brought up to date only when the median falls into c.
    CacheAlignedVector<WindowCount> windowCoarse(kCoarse, 0);
    CacheAlignedVector<WindowCount> windowFine(
        static_cast<std::size_t>(kCoarse) * kFine + kSeekPadding, 0);
    std::vector<int> fineValidAt(kCoarse);
    // Search state carried from pixel to pixel (and row to row as a starting hint): the
    // median's coarse bin and, per coarse bin, the fine bin last found in it with the count of
    // the coarse bin's window elements before it (the walking search only).
    int coarseBin = 0;
    std::vector<int> fineBin(kCoarse, 0);
    std::vector<int> fineBelow(kCoarse, 0);

    auto imageRow = [&](int y) { return input.row(std::clamp(y, 0, height - 1)) + cols.first(); };
    auto count = [&](int j, int rank, int delta) {
        const int c = rank >> FineBits;
        addAbove<kCoarse>(coarse + j * kCoarse, c, delta);
        ColumnCount& f =
            fine[c * fineStride + static_cast<std::size_t>(j) * kFine + (rank & kFineMask)];
        f = static_cast<ColumnCount>(f + delta);
    };
    for (int y = tile.y0 - radius; y <= tile.y0 + radius; ++y) {
        const std::uint16_t* row = imageRow(y);
        for (int j = 0; j < columns; ++j) count(j, rankOf[row[j]], +1);
    }

    const int side = 2 * radius + 1;
    const int target = side * side / 2;  // 0-based rank of the median in the window
    for (int y = tile.y0; y < tile.y1; ++y) {
        if (y > tile.y0) {
            const std::uint16_t* entering = imageRow(y + radius);
            const std::uint16_t* leaving = imageRow(y - radius - 1);
            for (int j = 0; j < columns; ++j) {
                count(j, rankOf[entering[j]], +1);
                count(j, rankOf[leaving[j]], -1);
            }
        }
        sumHistograms<kCoarse, kCoarseLanes>(
            windowCoarse.data(), tile.x0 - radius, tile.x0 + radius,
            [&](int column) { return coarse + cols.local(column) * kCoarse; });
        std::fill(fineValidAt.begin(), fineValidAt.end(), INT_MIN / 2);
        std::uint16_t* out = output.row(y);
        for (int x = tile.x0; x < tile.x1; ++x) {
            if (x > tile.x0) {
                const ColumnCount* entering = coarse + cols.local(x + radius) * kCoarse;
                const ColumnCount* leaving = coarse + cols.local(x - radius - 1) * kCoarse;
                slideHistogram<kCoarse, kCoarseLanes>(windowCoarse.data(), entering, leaving);
            }
            // A walk from the last coarse bin: its branches are predicted (the median changes
            // coarse bin rarely, on noise too), so the fine level's loads start before the
            // coarse bin is confirmed. A branch-free count over the 64 bins was slower.
            seekStep(windowCoarse.data(), kCoarse, coarseBin, target);
            const int below = windowCoarse[coarseBin];
            const int c = coarseBin;
            WindowCount* segment = windowFine.data() + c * kFine;
            const ColumnCount* columnSegments = fine + c * fineStride;
            auto columnSegment = [&](int column) {
                return columnSegments + cols.local(column) * kFine;
            };
            const int last = fineValidAt[c];
            fineValidAt[c] = x;
            // Rebuild when stale for longer than a window: cheaper than sliding.
            const bool rebuild = x - last > radius;
            if (rebuild)
                sumHistograms<kFine, kFineLanes>(segment, x - radius, x + radius, columnSegment);
            int f = 0;
#ifdef XRAYPREP_MEDIAN_HAVE_AVX512
            if constexpr (kWideSearch) {
                if (!rebuild) {
                    for (int xx = last + 1; xx <= x; ++xx) {
                        slideHistogram<kFine, kFineLanes>(segment, columnSegment(xx + radius),
                                                          columnSegment(xx - radius - 1));
                    }
                }
                f = avx512_bin_search::findBinOnly<kFine>(segment, target - below);
            } else
#endif
            {
                if (rebuild) {
                    fineBelow[c] = prefixSum<kFine>(segment, fineBin[c]);
                } else {
                    for (int xx = last + 1; xx <= x; ++xx) {
                        const ColumnCount* entering = columnSegment(xx + radius);
                        const ColumnCount* leaving = columnSegment(xx - radius - 1);
                        fineBelow[c] += prefixDelta<kFine>(entering, leaving, fineBin[c]);
                        slideHistogram<kFine, kFineLanes>(segment, entering, leaving);
                    }
                }
                seekBin(segment, fineBin[c], fineBelow[c], target - below);
                f = fineBin[c];
            }
            out[x] = valueOf[(c << FineBits) | f];
        }
    }
}

template <int CoarseBits, int FineBits>
XRAYPREP_MEDIAN_CLONES void filterTilePortable(const Image& input, const std::uint16_t* rankOf,
                                               const std::uint16_t* valueOf, int radius,
                                               const MedianTile& tile, Image& output) {
    filterTileBody<CoarseBits, FineBits, false>(input, rankOf, valueOf, radius, tile, output);
}

#ifdef XRAYPREP_MEDIAN_HAVE_AVX512
template <int CoarseBits, int FineBits>
__attribute__((target("arch=x86-64-v4"))) void filterTileAvx512(const Image& input,
                                                                const std::uint16_t* rankOf,
                                                                const std::uint16_t* valueOf,
                                                                int radius, const MedianTile& tile,
                                                                Image& output) {
    filterTileBody<CoarseBits, FineBits, true>(input, rankOf, valueOf, radius, tile, output);
}

bool cpuHasAvx512() {
    static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    return has;
}
#endif

template <int Bits>
void filterTileLevels(const Image& input, const DenseRanks& ranks, int radius,
                      const MedianTile& tile, Image& output, bool allowAvx512) {
#ifdef XRAYPREP_MEDIAN_HAVE_AVX512
    if (allowAvx512 && cpuHasAvx512()) {
        filterTileAvx512<Bits, Bits>(input, ranks.rankOf(), ranks.valueOf(), radius, tile, output);
        return;
    }
#endif
    (void)allowAvx512;
    filterTilePortable<Bits, Bits>(input, ranks.rankOf(), ranks.valueOf(), radius, tile, output);
}

// Bits per level: as many coarse as fine bins, enough for all ranks (at least 16 x 16).
int levelBitsFor(int rankCount) {
    int bits = 4;
    while ((1 << (2 * bits)) < rankCount) ++bits;
    return bits;
}

}  // namespace

ColumnHistogramMedian::ColumnHistogramMedian(const DenseRanks& ranks, int radius, bool allowAvx512)
    : ranks_(ranks),
      radius_(radius),
      allowAvx512_(allowAvx512),
      levelBits_(levelBitsFor(ranks.count())) {}

std::size_t ColumnHistogramMedian::bytesPerColumn() const {
    const std::size_t bins = std::size_t{1} << levelBits_;
    return (bins * bins + bins) * sizeof(ColumnCount);
}

std::size_t ColumnHistogramMedian::tileBytes(int tileWidth) const {
    const std::size_t bins = std::size_t{1} << levelBits_;
    return static_cast<std::size_t>(tileWidth + 2 * radius_) * bytesPerColumn() +
           bins * bins * sizeof(WindowCount);
}

void ColumnHistogramMedian::filterTile(const Image& input, const MedianTile& tile,
                                       Image& output) const {
    switch (levelBits_) {
        case 4:
            filterTileLevels<4>(input, ranks_, radius_, tile, output, allowAvx512_);
            break;
        case 5:
            filterTileLevels<5>(input, ranks_, radius_, tile, output, allowAvx512_);
            break;
        case 6:
            filterTileLevels<6>(input, ranks_, radius_, tile, output, allowAvx512_);
            break;
        case 7:
            filterTileLevels<7>(input, ranks_, radius_, tile, output, allowAvx512_);
            break;
        case 8:
            filterTileLevels<8>(input, ranks_, radius_, tile, output, allowAvx512_);
            break;
        default:
            throw std::logic_error("ColumnHistogramMedian: too many distinct values");
    }
}

}  // namespace xrayprep::processing
