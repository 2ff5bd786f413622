#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "processing/esf/ParallelWork.h"

namespace xrayprep::processing::esf {

// Sum of partial(begin, end) over fixed chunks of [0, n), added in chunk order: the result
// does not depend on the number of threads. partial must itself be order-deterministic.
template <typename Partial>
[[nodiscard]] double deterministicSum(std::size_t n, std::size_t chunk, int threads,
                                      Partial&& partial) {
    const std::size_t chunks = (n + chunk - 1) / chunk;
    std::vector<double> parts(chunks, 0.0);
    const auto count = static_cast<std::ptrdiff_t>(chunks);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (std::ptrdiff_t c = 0; c < count; ++c) {
        const std::size_t begin = static_cast<std::size_t>(c) * chunk;
        parts[static_cast<std::size_t>(c)] = partial(begin, std::min(n, begin + chunk));
    }
    double sum = 0.0;
    for (const double p : parts) sum += p;
    return sum;
}

// Dot product in double with 8 interleaved accumulators (a fixed order the compiler can
// vectorise), over [begin, end).
template <typename A, typename B>
[[nodiscard]] double dotRange(const A* a, const B* b, std::size_t begin, std::size_t end) {
    double acc[8] = {};
    std::size_t i = begin;
    for (; i + 8 <= end; i += 8) {
        for (int k = 0; k < 8; ++k) {
            acc[k] += static_cast<double>(a[i + k]) * static_cast<double>(b[i + k]);
        }
    }
    for (int k = 0; i < end; ++i, ++k) {
        acc[k] += static_cast<double>(a[i]) * static_cast<double>(b[i]);
    }
    return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

template <typename A, typename B>
[[nodiscard]] double deterministicDot(const A* a, const B* b, std::size_t n, int threads) {
    return deterministicSum(
        n, std::size_t{1} << 14, threadsFor(n, threads),
        [&](std::size_t begin, std::size_t end) { return dotRange(a, b, begin, end); });
}

}  // namespace xrayprep::processing::esf
