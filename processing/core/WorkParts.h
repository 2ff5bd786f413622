#pragma once

#include <algorithm>
#include <cstdint>

#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::processing {

// How many parts a parallel step splits its rows (or items) into, for its threads to take as
// they come free (`schedule(dynamic, 1)` over the parts). Why more parts than threads: on a
// desktop the cores do not run at one speed (a core shared with the GUI thread or another
// program, or a VM's vCPUs, measured here 1.2-1.5x apart for minutes at a time), and one equal
// part per thread runs at the slowest core's pace. With eight parts per thread a slower core
// simply takes fewer of them. At most kMaxWorkParts in all: each part has a fixed cost (a band's
// merge with the others, a strip's seam), and with many threads one slow core matters less.
// Steps that use this give the same result for any part count.
inline constexpr int kWorkPartsPerThread = 8;
inline constexpr int kMaxWorkParts = 64;

[[nodiscard]] inline int workParts(const ExecutionPolicy& policy, std::int64_t items) {
    if (!policy.parallel() || items <= 1) return 1;
    const std::int64_t wanted = std::max<std::int64_t>(
        policy.threads,
        std::min<std::int64_t>(std::int64_t{policy.threads} * kWorkPartsPerThread, kMaxWorkParts));
    return static_cast<int>(std::min(items, wanted));
}

// The policy with no more threads than `items` keep busy, kMinItemsPerThread each at least. On a
// small grid every loop of a step is a join of all the threads for a few microseconds of work
// each: the mask checks' texture cells (~68 000 at the reference size) took 4.4 ms on 16 threads
// of an H200's host against 3.6 ms on 8. Exact steps give the same result for any thread count.
inline constexpr std::int64_t kMinItemsPerThread = 16384;

[[nodiscard]] inline ExecutionPolicy threadsForItems(const ExecutionPolicy& policy,
                                                     std::int64_t items) {
    const std::int64_t useful = std::max<std::int64_t>(1, items / kMinItemsPerThread);
    return ExecutionPolicy{static_cast<int>(std::min<std::int64_t>(policy.threads, useful))};
}

}  // namespace xrayprep::processing
