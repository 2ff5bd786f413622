#pragma once

#include <cstddef>
#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Sets out[i] = f(i) for every pixel, in parallel (element-wise, so exact for any schedule).
template <typename T, typename F>
void forEachPixel(Raster<T>& out, const ExecutionPolicy& policy, F&& f) {
    const auto n = static_cast<std::int64_t>(out.size());
    T* o = out.data();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) o[i] = f(static_cast<std::size_t>(i));
}

}  // namespace xrayprep::processing
