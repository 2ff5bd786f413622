#pragma once

#include <cstddef>

namespace xrayprep::processing::esf {

// Threads for a loop over `work` elements: small loops (coarse multigrid levels, tiny images)
// run on one thread, where a parallel region would cost more than it saves. Results never
// depend on this choice.
[[nodiscard]] inline int threadsFor(std::size_t work, int threads) {
    constexpr std::size_t kMinParallelWork = std::size_t{1} << 14;
    return work >= kMinParallelWork ? threads : 1;
}

}  // namespace xrayprep::processing::esf
