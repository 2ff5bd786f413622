#pragma once

#include <cstddef>
#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/core/WorkParts.h"

namespace xrayprep::processing {

// out[i] = f(i) for i in [begin, end). `out` is restrict-qualified and `f` a local copy: a
// byte store may alias anything, so without both the compiler reloads every captured pointer
// (and a Raster's own data pointer) on each pixel and leaves the loop scalar. With them the
// loop vectorises: a mask operation costs a few hundred microseconds, not milliseconds.
template <typename T, typename F>
void fillRange(T* __restrict out, std::int64_t begin, std::int64_t end, F f) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = f(static_cast<std::size_t>(i));
}

// body(begin, end) on contiguous parts of [0, n) that together cover it once, in parallel: the
// parts (workParts: several per thread) are taken by the threads as they come free, so a
// slower core takes fewer. body must not depend on how [0, n) is cut.
template <typename Body>
void forEachShare(std::int64_t n, const ExecutionPolicy& policy, const Body& body) {
    const int parts = workParts(policy, n);
    if (parts == 1) {
        body(std::int64_t{0}, n);
        return;
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(policy.threads)
    for (int part = 0; part < parts; ++part) body(n * part / parts, n * (part + 1) / parts);
}

// fillRange over [0, n) in parts (element-wise, so exact for any schedule).
template <typename T, typename F>
void fillEachIndex(T* out, std::int64_t n, const ExecutionPolicy& policy, const F& f) {
    forEachShare(n, policy,
                 [&](std::int64_t begin, std::int64_t end) { fillRange(out, begin, end, f); });
}

// r[i] = f(i, r[i]) for i in [begin, end): the one pointer to r is the restrict one.
template <typename T, typename F>
void updateRange(T* __restrict r, std::int64_t begin, std::int64_t end, F f) {
    for (std::int64_t i = begin; i < end; ++i) r[i] = f(static_cast<std::size_t>(i), r[i]);
}

// Sets out[i] = f(i) for every pixel, in parallel (element-wise, so exact for any schedule).
// f must not read `out`: it is written through a restrict pointer (use updateEachPixel).
template <typename T, typename F>
void forEachPixel(Raster<T>& out, const ExecutionPolicy& policy, F&& f) {
    fillEachIndex(out.data(), static_cast<std::int64_t>(out.size()), policy, f);
}

// Sets r[i] = f(i, r[i]) for every pixel, in parallel: an update in place. f reads r's own
// pixel only through its second argument.
template <typename T, typename F>
void updateEachPixel(Raster<T>& r, const ExecutionPolicy& policy, F&& f) {
    T* data = r.data();
    forEachShare(static_cast<std::int64_t>(r.size()), policy,
                 [&](std::int64_t begin, std::int64_t end) { updateRange(data, begin, end, f); });
}

}  // namespace xrayprep::processing
