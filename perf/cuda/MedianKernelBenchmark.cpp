#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gpu/CudaError.h"
#include "gpu/CudaStatus.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/MedianKernel.h"
#include "gpu/cuda/MedianVariants.h"
#include "perf/cuda/MedianNppBinding.h"
#include "processing/median/MedianFilter.h"
#include "processing/phantom/FootPhantom.h"

// Device-time benchmark of the CUDA median with NPP's nppiFilterMedian_16u_C1R measured side
// by side, in the perf_cuda program (never in ctest):
//   build/perf/perf_cuda --gtest_filter='MedianKernelBenchmark*'
// Each figure is the median of >= 20 runs timed with CUDA events after warm-up, with the
// input rotated over 4 buffers (54 MB at the reference size, more than the 50 MB L2).

namespace xrayprep::gpu {
namespace {

using median_detail::MedianVariant;
using processing::Image;

constexpr int kInputs = 4;

Image randomImage(int width, int height, int bits, std::uint32_t seed) {
    Image image(width, height, bits);
    std::uint64_t state = 0x9E3779B97F4A7C15ull * (seed + 1);
    const std::uint32_t mask = (1u << bits) - 1u;
    for (auto& v : image.pixels()) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        v = static_cast<std::uint16_t>((state >> 20) & mask);
    }
    return image;
}

// Median (ms) of per-run event times, and the mean of one back-to-back batch.
struct Timing {
    double medianMs = 0;
    double batchMeanMs = 0;
    int runs = 0;
};

Timing timeRuns(const std::function<void(int)>& run, int runs) {
    for (int i = 0; i < 3; ++i) run(i);  // warm-up (module load, first-touch)
    XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<cudaEvent_t> events(2 * runs + 2);
    for (auto& e : events) XRAYPREP_CUDA_CHECK(cudaEventCreate(&e));
    for (int i = 0; i < runs; ++i) {
        XRAYPREP_CUDA_CHECK(cudaEventRecord(events[2 * i], nullptr));
        run(i);
        XRAYPREP_CUDA_CHECK(cudaEventRecord(events[2 * i + 1], nullptr));
    }
    XRAYPREP_CUDA_CHECK(cudaEventRecord(events[2 * runs], nullptr));
    for (int i = 0; i < runs; ++i) run(i);
    XRAYPREP_CUDA_CHECK(cudaEventRecord(events[2 * runs + 1], nullptr));
    XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> ms(runs);
    for (int i = 0; i < runs; ++i) {
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms[i], events[2 * i], events[2 * i + 1]));
    }
    float batch = 0;
    XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&batch, events[2 * runs], events[2 * runs + 1]));
    for (auto& e : events) cudaEventDestroy(e);
    std::sort(ms.begin(), ms.end());
    return {ms[runs / 2], batch / runs, runs};
}

class Bench {
  public:
    explicit Bench(std::FILE* log) : log_(log) {}

    void say(const std::string& line) {
        std::fputs(line.c_str(), stdout);
        if (log_) {
            std::fputs(line.c_str(), log_);
            std::fflush(log_);
        }
        std::fflush(stdout);
    }

    // Times our kernels (the given variants) and NPP on `images` (kInputs of one size).
    void run(const std::string& what, const std::vector<Image>& images, int size,
             const std::vector<MedianVariant>& variants, bool withNpp, bool checkCpu) {
        const int width = images[0].width();
        const int height = images[0].height();
        const int bits = images[0].bitsStored();
        const std::size_t count = images[0].size();
        std::vector<DeviceBuffer<std::uint16_t>> inputs;
        for (const Image& image : images) {
            inputs.emplace_back(count);
            inputs.back().uploadAsync(image.data(), count, nullptr);
        }
        DeviceBuffer<std::uint16_t> out(count);
        const double mpix = static_cast<double>(count) / 1e6;
        const std::string label = what + " " + std::to_string(width) + "x" +
                                  std::to_string(height) + " k=" + std::to_string(size);
        Image ours = processing::makeImageLike(images[0]);
        for (MedianVariant variant : variants) {
            if (!median_detail::launchMedianVariant(variant, inputs[0].data(), out.data(), width,
                                                    height, bits, size, nullptr)) {
                continue;
            }
            const int runs = variant == MedianVariant::BitSerial ? 5 : 25;
            const Timing t = timeRuns(
                [&](int i) {
                    median_detail::launchMedianVariant(variant, inputs[i % kInputs].data(),
                                                       out.data(), width, height, bits, size,
                                                       nullptr);
                },
                runs);
            char line[256];
            std::snprintf(line, sizeof line, "%-44s %-15s %9.4f ms (batch %9.4f) %8.0f Mpx/s\n",
                          label.c_str(), median_detail::toString(variant), t.medianMs,
                          t.batchMeanMs, mpix / t.medianMs * 1e3);
            say(line);
        }
        // The result of the last run (input i = 24 % 4 = 0 for 25 runs), checked below.
        launchMedianFilter(inputs[0].data(), out.data(), width, height, bits, size, nullptr);
        out.downloadAsync(ours.data(), count, nullptr);
        XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
        if (checkCpu) {
            const Image cpu = processing::MedianFilter{}(
                images[0], processing::MedianParams{size},
                processing::ExecutionPolicy{static_cast<int>(std::thread::hardware_concurrency())});
            say("    " + label + (cpu == ours ? ": identical to CPU\n" : ": DIFFERS FROM CPU\n"));
            EXPECT_TRUE(cpu == ours) << label;
        }
        if (withNpp) runNpp(label, images, size, ours, mpix);
    }

  private:
    void runNpp(const std::string& label, const std::vector<Image>& images, int size,
                const Image& ours, double mpix) {
        static test::NppMedian npp;
        if (!npp.available()) {
            say("    npp unavailable: " + npp.error() + "\n");
            return;
        }
        const int width = images[0].width();
        const int height = images[0].height();
        const int r = size / 2;
        const int pw = width + 2 * r;
        const int ph = height + 2 * r;
        // NPP has no border mode here: give it the clamp-to-edge padding explicitly.
        std::vector<DeviceBuffer<std::uint16_t>> padded;
        std::vector<std::uint16_t> host(static_cast<std::size_t>(pw) * ph);
        for (const Image& image : images) {
            for (int y = 0; y < ph; ++y) {
                const int sy = std::clamp(y - r, 0, height - 1);
                for (int x = 0; x < pw; ++x) {
                    host[static_cast<std::size_t>(y) * pw + x] =
                        image.at(std::clamp(x - r, 0, width - 1), sy);
                }
            }
            padded.emplace_back(host.size());
            padded.back().uploadAsync(host.data(), host.size(), nullptr);
            XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
        }
        const long long scratchBytes = npp.bufferBytes(width, height, size);
        if (scratchBytes < 0) {
            say("    npp buffer-size error " + std::to_string(-1 - scratchBytes) + "\n");
            return;
        }
        DeviceBuffer<std::uint8_t> scratch(static_cast<std::size_t>(scratchBytes) + 1);
        DeviceBuffer<std::uint16_t> out(images[0].size());
        auto call = [&](int i) {
            return npp.filter(padded[i % kInputs].data() + static_cast<std::size_t>(r) * pw + r,
                              pw * 2, out.data(), width * 2, width, height, size, scratch.data());
        };
        const int status = call(0);
        XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
        if (status != 0) {
            say("    npp status " + std::to_string(status) + "\n");
            return;
        }
        // One timed call decides the run count: slow NPP cases get fewer runs.
        cudaEvent_t a, b;
        XRAYPREP_CUDA_CHECK(cudaEventCreate(&a));
        XRAYPREP_CUDA_CHECK(cudaEventCreate(&b));
        XRAYPREP_CUDA_CHECK(cudaEventRecord(a, nullptr));
        call(0);
        XRAYPREP_CUDA_CHECK(cudaEventRecord(b, nullptr));
        XRAYPREP_CUDA_CHECK(cudaEventSynchronize(b));
        float once = 0;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&once, a, b));
        cudaEventDestroy(a);
        cudaEventDestroy(b);
        const int runs = once > 100.0f ? 3 : (once > 20.0f ? 9 : 25);
        const Timing t = timeRuns([&](int i) { call(i); }, runs);
        char line[256];
        std::snprintf(line, sizeof line,
                      "%-44s %-15s %9.4f ms (batch %9.4f) %8.0f Mpx/s  runs %d\n", label.c_str(),
                      "npp", t.medianMs, t.batchMeanMs, mpix / t.medianMs * 1e3, runs);
        say(line);
        // Same input as `ours` (input 0): count the pixels where NPP and we disagree.
        call(0);
        Image theirs = processing::makeImageLike(images[0]);
        out.downloadAsync(theirs.data(), theirs.size(), nullptr);
        XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
        std::size_t differ = 0;
        for (std::size_t i = 0; i < theirs.size(); ++i) {
            differ += theirs.pixels()[i] != ours.pixels()[i];
        }
        say("    npp vs ours: " + std::to_string(differ) + " pixels differ\n");
    }

    std::FILE* log_;
};

std::vector<Image> copies(const Image& image) { return std::vector<Image>(kInputs, image); }

std::vector<Image> randoms(int width, int height, int bits) {
    std::vector<Image> images;
    for (int i = 0; i < kInputs; ++i) images.push_back(randomImage(width, height, bits, 77u + i));
    return images;
}

TEST(MedianKernelBenchmark, WindowsImageSizesAndNpp) {
    const CudaStatus status = queryCudaStatus();
    if (!status.available) GTEST_SKIP() << status.reason;
    const char* logPath = std::getenv("XRAYPREP_MEDIAN_BENCH_LOG");
    std::FILE* log = logPath ? std::fopen(logPath, "w") : nullptr;
    Bench bench(log);
    bench.say("device: " + status.deviceName + "\n");
    const std::vector<MedianVariant> all = {MedianVariant::Auto, MedianVariant::Paeth3x3,
                                            MedianVariant::Network, MedianVariant::RankBitset16,
                                            MedianVariant::RankBitset32};
    const std::vector<Image> random = randoms(2920, 2320, 12);
    const processing::Phantom phantom = processing::FootPhantom{}(processing::PhantomParams{});
    const std::vector<Image> phantoms = copies(phantom.image);
    // NPP takes 142 ms (41x41) and 14 s (101x101) per call here: set
    // XRAYPREP_MEDIAN_BENCH_NPP_MAX=101 to time it at those sizes too.
    const char* nppMaxText = std::getenv("XRAYPREP_MEDIAN_BENCH_NPP_MAX");
    const int nppMax = nppMaxText ? std::atoi(nppMaxText) : 19;
    for (int size : {3, 5, 7, 9, 19, 41, 101}) {
        bench.run("random12", random, size, all, size <= nppMax, true);
        bench.run("phantom", phantoms, size, all, size <= nppMax, false);
    }
    const std::vector<Image> random16 = randoms(2920, 2320, 16);
    for (int size : {5, 19, 41, 101}) bench.run("random16", random16, size, all, false, false);
    for (int side : {1024, 2048, 4096, 8192}) {
        bench.run("random12", randoms(side, side, 12), 19, {MedianVariant::Auto}, true, false);
    }
    if (log) std::fclose(log);
}

}  // namespace
}  // namespace xrayprep::gpu

namespace xrayprep::gpu {
namespace {

// A few launches of the main kernels for a profiler (ncu --kernel-name regex:...), on demand:
// perf_cuda --gtest_also_run_disabled_tests --gtest_filter='*MedianKernelProfile*'.
TEST(DISABLED_MedianKernelProfile, MainKernels) {
    const CudaStatus status = queryCudaStatus();
    if (!status.available) GTEST_SKIP() << status.reason;
    const Image image = randomImage(2920, 2320, 12, 5u);
    DeviceBuffer<std::uint16_t> in(image.size());
    DeviceBuffer<std::uint16_t> out(image.size());
    in.uploadAsync(image.data(), image.size(), nullptr);
    const std::pair<MedianVariant, int> cases[] = {{MedianVariant::RankBitset32, 19},
                                                   {MedianVariant::RankBitset32, 3},
                                                   {MedianVariant::RankBitset16, 19},
                                                   {MedianVariant::Network, 5}};
    for (const auto& [variant, size] : cases) {
        for (int i = 0; i < 2; ++i) {
            median_detail::launchMedianVariant(variant, in.data(), out.data(), image.width(),
                                               image.height(), 12, size, nullptr);
        }
    }
    XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace
}  // namespace xrayprep::gpu
