// Where a CUDA program's device time goes, kernel by kernel, without Nsight Systems (the GPU
// machines have none, and ncu may not read counters there): a CUPTI activity tracer that the CUDA
// driver loads into any program through CUDA_INJECTION64_PATH. At exit it prints to stderr the
// kernels by total time (launches, total and mean duration), the copies and fills, and how the
// device's timeline splits into busy time, short gaps between activities (<= 20 us: the device
// waiting on launches) and long gaps (the host working or waiting). Timings only; the program's
// results do not change.
//
//   g++ -O2 -std=c++20 -shared -fPIC -I/usr/local/cuda/include perf/cupti_kernel_summary.cpp
//       -o out/libkernel_summary.so -L/usr/local/cuda/lib64 -lcupti
//   CUDA_INJECTION64_PATH=$PWD/out/libkernel_summary.so
//       build/app/xrayprep-cli bench sample:planar --backends cuda --repeat 5
// (each a single command line).
//
// XRAYPREP_KERNEL_SUMMARY_TOP=N: kernels listed (default 40); names are demangled and cut to
// 110 characters (the regions method's kernels are lambdas: their names say the file's lambda).
#include <cupti.h>
#include <cxxabi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kBufferBytes = std::size_t{8} << 20;
constexpr std::uint64_t kShortGapNs = 20000;

struct Totals {
    std::uint64_t count = 0;
    std::uint64_t ns = 0;
};

struct Interval {
    std::uint64_t start;
    std::uint64_t end;
};

std::mutex mutex;
std::map<std::string, Totals> kernels;  // by demangled name
Totals copies;
Totals fills;
std::vector<Interval> timeline;

std::string demangled(const char* name) {
    if (name == nullptr) return "?";
    int status = 0;
    char* text = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    std::string out = status == 0 && text != nullptr ? text : name;
    std::free(text);
    return out.size() > 110 ? out.substr(0, 110) : out;
}

void CUPTIAPI bufferRequested(std::uint8_t** buffer, std::size_t* size, std::size_t* maxRecords) {
    *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = kBufferBytes;
    *maxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t,
                              std::size_t validSize) {
    CUpti_Activity* record = nullptr;
    const std::lock_guard lock(mutex);
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
            const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            Totals& t = kernels[demangled(k->name)];
            ++t.count;
            t.ns += k->end - k->start;
            timeline.push_back({k->start, k->end});
        } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
            ++copies.count;
            copies.ns += m->end - m->start;
            timeline.push_back({m->start, m->end});
        } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
            ++fills.count;
            fills.ns += m->end - m->start;
            timeline.push_back({m->start, m->end});
        }
    }
    std::free(buffer);
}

void report() {
    cuptiActivityFlushAll(1);
    const std::lock_guard lock(mutex);
    std::vector<std::pair<std::string, Totals>> sorted(kernels.begin(), kernels.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.second.ns > b.second.ns; });
    Totals all;
    for (const auto& [name, t] : sorted) {
        all.count += t.count;
        all.ns += t.ns;
    }
    const char* topText = std::getenv("XRAYPREP_KERNEL_SUMMARY_TOP");
    const std::size_t top = topText != nullptr ? std::strtoul(topText, nullptr, 10) : 40;
    std::fprintf(stderr, "\nkernel summary (CUPTI), whole process: %llu kernels, %.3f ms\n",
                 static_cast<unsigned long long>(all.count), all.ns / 1e6);
    std::fprintf(stderr, "%10s %10s %9s  %s\n", "launches", "total ms", "mean us", "kernel");
    for (std::size_t i = 0; i < sorted.size() && i < top; ++i) {
        const Totals& t = sorted[i].second;
        std::fprintf(stderr, "%10llu %10.3f %9.2f  %s\n", static_cast<unsigned long long>(t.count),
                     t.ns / 1e6, t.ns / 1e3 / static_cast<double>(t.count),
                     sorted[i].first.c_str());
    }
    std::fprintf(stderr, "copies: %llu, %.3f ms; fills: %llu, %.3f ms\n",
                 static_cast<unsigned long long>(copies.count), copies.ns / 1e6,
                 static_cast<unsigned long long>(fills.count), fills.ns / 1e6);
    // The device's timeline: busy (the union of the activities), and the gaps between them.
    std::sort(timeline.begin(), timeline.end(),
              [](const Interval& a, const Interval& b) { return a.start < b.start; });
    std::uint64_t busy = 0, shortGaps = 0, longGaps = 0, shortCount = 0;
    std::uint64_t end = 0;
    for (const Interval& iv : timeline) {
        if (end != 0 && iv.start > end) {
            const std::uint64_t gap = iv.start - end;
            if (gap <= kShortGapNs) {
                shortGaps += gap;
                ++shortCount;
            } else {
                longGaps += gap;
            }
        }
        if (iv.end > end) {
            busy += iv.end - std::max(iv.start, end);
            end = iv.end;
        }
    }
    std::fprintf(
        stderr, "timeline: busy %.3f ms, %llu short gaps (<= 20 us) %.3f ms, long gaps %.3f ms\n",
        busy / 1e6, static_cast<unsigned long long>(shortCount), shortGaps / 1e6, longGaps / 1e6);
}

}  // namespace

extern "C" int InitializeInjection() {
    if (cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted) != CUPTI_SUCCESS) {
        std::fprintf(stderr, "kernel summary: CUPTI callbacks refused\n");
        return 1;
    }
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY);
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET);
    std::atexit(report);
    return 1;
}
