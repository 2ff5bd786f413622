#include "processing/median/MedianFilter.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "processing/median/ColumnHistogramMedian.h"
#include "processing/median/DenseRanks.h"
#include "processing/median/Median3x3.h"
#include "processing/median/MedianTile.h"

namespace xrayprep::processing {

namespace {

constexpr int kMaxSize = 101;
// Column histograms of one strip should stay in a core's L2 cache; narrower strips cost more
// window set-ups per row, so strips are never narrower than kMinStripWidth.
constexpr std::size_t kStripBytes = std::size_t{1} << 20;
constexpr int kMinStripWidth = 128;
// Upper bound on the histogram memory of all concurrently running tiles (16-bit data with
// many distinct values needs 64 KiB per column, i.e. 10-15 MB per tile).
constexpr std::size_t kConcurrentBytes = std::size_t{128} << 20;

void validateSize(int size) {
    if (size < 1 || size > kMaxSize || size % 2 == 0) {
        throw std::invalid_argument("MedianFilter: window size must be 1 or odd in 3.." +
                                    std::to_string(kMaxSize) + ", got " + std::to_string(size));
    }
}

// Rows are independent, so bands of rows go to threads.
Image filter3x3(const Image& input, int threads) {
    Image output = makeUnsetImageLike(input);
    const Median3x3 median;
    const int height = input.height();
    constexpr int kBand = 64;
    const int bands = (height + kBand - 1) / kBand;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
    for (int b = 0; b < bands; ++b) {
        median.filterRows(input, b * kBand, std::min(height, (b + 1) * kBand), output);
    }
    return output;
}

Image filterByColumnHistograms(const Image& input, int size, int threads) {
    const DenseRanks ranks(input, ExecutionPolicy{threads});
    if (ranks.count() == 1) return input;  // constant image

    const int radius = size / 2;
    const ColumnHistogramMedian median(ranks, radius);
    const auto stripColumns = static_cast<int>(kStripBytes / median.bytesPerColumn());
    const int stripWidth = std::max(stripColumns - 2 * radius, kMinStripWidth);
    const auto threadsByMemory =
        static_cast<int>(std::max<std::size_t>(1, kConcurrentBytes / median.tileBytes(stripWidth)));
    threads = std::min(threads, threadsByMemory);
    // Every tile is exact on its own, so the tiling (which depends on the thread count)
    // cannot change the result. Two tiles per thread at least, for balance.
    const std::vector<MedianTile> tiles =
        planMedianTiles(input.width(), input.height(), stripWidth, threads > 1 ? 2 * threads : 1,
                        std::max(32, 2 * size));

    Image output = makeUnsetImageLike(input);
    const auto tileCount = static_cast<std::ptrdiff_t>(tiles.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (std::ptrdiff_t i = 0; i < tileCount; ++i) median.filterTile(input, tiles[i], output);
    return output;
}

}  // namespace

Image MedianFilter::operator()(const Image& input, const MedianParams& params,
                               const ExecutionPolicy& policy) const {
    // size 0: from sizeMm, the pixel size assumed from the image size (the pipeline passes a
    // resolved size with the real pixel spacing when it is known).
    const int size =
        resolvedMedianSize(params, 300.0 / std::max({input.width(), input.height(), 1}));
    validateSize(size);
    if (size == 1 || input.empty()) return input;
    const int threads = std::max(1, policy.threads);
    if (size == 3) return filter3x3(input, threads);
    return filterByColumnHistograms(input, size, threads);
}

}  // namespace xrayprep::processing
