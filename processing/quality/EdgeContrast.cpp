#include "processing/quality/EdgeContrast.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "processing/core/TeamPosition.h"

namespace xrayprep::processing {
namespace {

// The q-quantile of `v` (reorders it).
double quantile(std::vector<double>& v, double q) {
    const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

// How many of the sampled pixels (every 4th column of every 4th row, inside the anatomy's runs
// when there is one) have each value below bins - 1; the last bin counts all the others. The
// samples were copied into a vector of doubles and selected with nth_element twice: 1.4 ms on
// one thread at the reference size, more than all the rest of the mask's measures. Each
// thread counts its share of the sampled rows in a histogram of its own; they are added bin
// by bin (integers: exact in any order).
std::vector<std::uint32_t> sampleHistogram(const Image& image, const MaskRuns* anatomy,
                                           std::size_t bins, const ExecutionPolicy& policy) {
    const int w = image.width(), h = image.height();
    const int sampledRows = (h + 3) / 4;
    const auto last = static_cast<std::uint32_t>(bins - 1);
    std::vector<std::uint32_t> total(bins, 0);
    std::unique_ptr<std::uint32_t[]> own;  // threads 1..team-1, `bins` each
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        const TeamPosition position = teamPosition();
        const int team = position.size, me = position.index;
#pragma omp single
        own.reset(new std::uint32_t[bins * static_cast<std::size_t>(team - 1)]);
        std::uint32_t* counts =
            me == 0 ? total.data() : own.get() + bins * static_cast<std::size_t>(me - 1);
        if (me > 0) std::fill(counts, counts + bins, 0u);
        const auto count = [&](std::uint16_t v) { ++counts[std::min<std::uint32_t>(v, last)]; };
#pragma omp for schedule(static)
        for (int j = 0; j < sampledRows; ++j) {
            const int y = 4 * j;
            const std::uint16_t* row = image.row(y);
            if (anatomy == nullptr) {
                for (int x = 0; x < w; x += 4) count(row[x]);
                continue;
            }
            for (const PixelRun& r : anatomy->row(y)) {
                for (int x = (r.begin + 3) / 4 * 4; x < r.end; x += 4) count(row[x]);
            }
        }
        // The implicit barrier above: every histogram is complete.
#pragma omp for schedule(static)
        for (std::size_t b = 0; b < bins; ++b) {
            for (int t = 1; t < team; ++t) {
                total[b] += own[bins * static_cast<std::size_t>(t - 1) + b];
            }
        }
    }
    return total;
}

// The value of rank floor(q (n - 1)) in ascending order of the n values counted: what
// quantile() above selects from the same values, or the last bin's index when it falls there.
std::size_t quantileOfHistogram(const std::vector<std::uint32_t>& histogram, std::uint64_t n,
                                double q) {
    const auto k = static_cast<std::uint64_t>(q * static_cast<double>(n - 1));
    std::uint64_t below = 0;
    for (std::size_t v = 0; v < histogram.size(); ++v) {
        below += histogram[v];
        if (below > k) return v;
    }
    return histogram.size() - 1;  // not reached: k < n
}

// The sampled range's 5th and 95th percentiles and the number of samples. Counted first over
// the values the image's bits hold, one bin above them for any larger value: a 12-bit
// image's histograms are 16 KB a thread, not 256 KB (with 16 threads, zeroing and adding 16 of
// those took longer than the counting). Only where a percentile falls among larger values
// (stored values beyond bitsStored) are they counted again over every 16-bit value.
struct SampledRange {
    double low = 0.0;
    double high = 0.0;
    std::uint64_t samples = 0;
};

SampledRange sampledRange(const Image& image, const MaskRuns* anatomy,
                          const ExecutionPolicy& policy) {
    std::size_t bins = static_cast<std::size_t>(image.maxValue()) + 2;
    for (;;) {
        const std::vector<std::uint32_t> histogram = sampleHistogram(image, anatomy, bins, policy);
        SampledRange range;
        for (const std::uint32_t c : histogram) range.samples += c;
        if (range.samples < 2) return range;
        const std::size_t low = quantileOfHistogram(histogram, range.samples, 0.05);
        const std::size_t high = quantileOfHistogram(histogram, range.samples, 0.95);
        if (bins > 65536 || (low < bins - 1 && high < bins - 1)) {
            range.low = static_cast<double>(low);
            range.high = static_cast<double>(high);
            return range;
        }
        bins = 65537;  // every 16-bit value its own bin: the last one stays empty
    }
}

}  // namespace

std::optional<double> straightEdgeContrast(const StraightEdge& edge, const Image& image,
                                           const Mask& anatomy, int depth,
                                           const ExecutionPolicy& policy) {
    const int w = image.width(), h = image.height();
    if (anatomy.width() != w || anatomy.height() != h || anatomy.empty()) {
        return straightEdgeContrast(edge, image, nullptr, depth, policy);
    }
    const MaskRuns runs(anatomy, w, h, policy);
    return straightEdgeContrast(edge, image, &runs, depth, policy);
}

std::optional<double> straightEdgeContrast(const StraightEdge& edge, const Image& image,
                                           const MaskRuns* anatomy, int depth,
                                           const ExecutionPolicy& policy) {
    const int w = image.width(), h = image.height();
    if (edge.minors.empty() || w == 0 || h == 0) return std::nullopt;
    const SampledRange range = sampledRange(image, anatomy, policy);
    if (range.samples < 2) return std::nullopt;
    const double low = range.low, high = range.high;
    if (!(high > low)) return std::nullopt;
    // Outward: towards smaller columns on a left edge, larger on a right one; rows likewise.
    const int outward = edge.side == OutlineSide::Left || edge.side == OutlineSide::Top ? -1 : 1;
    std::vector<double> steps;
    steps.reserve(edge.minors.size());
    for (std::size_t k = 0; k < edge.minors.size(); ++k) {
        const int major = edge.firstMajor + static_cast<int>(k);
        const int in = edge.minors[k] - outward * depth, out = edge.minors[k] + outward * depth;
        const int limit = edge.vertical ? w : h;
        if (in < 0 || in >= limit || out < 0 || out >= limit) continue;
        const int majorLimit = edge.vertical ? h : w;
        if (major < 0 || major >= majorLimit) continue;
        const double inside = edge.vertical ? image.at(in, major) : image.at(major, in);
        const double outside = edge.vertical ? image.at(out, major) : image.at(major, out);
        steps.push_back(inside - outside);
    }
    if (steps.empty()) return std::nullopt;
    return quantile(steps, 0.5) / (high - low);
}

}  // namespace xrayprep::processing
