// The ESF kernels side by side: the temporally blocked default against the source study's two
// reference kernels (shared-memory tile, texture reads; one step per launch). All three follow
// the CPU's per-pixel arithmetic, so they must give the same bits: checked against the serial
// CPU solver on small odd sizes and against each other at benchmark sizes. Prints the device
// time of 200 iterations (CUDA events, minimum of 5 after a warm-up) at the reference size and
// at 1, 4, 16 and 64 Mpixel, for docs/PERFORMANCE.md; timings are information, not criteria.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/EsfKernels.h"
#include "gpu/cuda/EsfReferenceKernels.h"
#include "processing/esf/EsfSolver.h"
#include "processing/esf/ExplicitEsfRow.h"
#include "processing/phantom/FootPhantom.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;

namespace {

enum class Variant { Blocked, SharedTile, Texture };

const char* name(Variant v) {
    return v == Variant::Blocked ? "blocked" : v == Variant::SharedTile ? "shared-tile" : "texture";
}

struct Field {
    std::vector<float> pixels;
    float ms = 0.0f;
};

Field runVariant(const processing::Mask& mask, Variant variant, int iterations, int reps,
                 const processing::EsfParams& params = {}) {
    gpu::CudaStream stream;
    const std::size_t n = mask.size();
    gpu::DeviceBuffer<std::uint8_t> dMask(n), shape(n);
    gpu::DeviceBuffer<float> a(n), b(n);
    // On the stream, then waited for: a pageable cudaMemcpy may return before its DMA lands,
    // and a non-blocking stream does not wait for the legacy default stream.
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(dMask.data(), mask.data(), n, cudaMemcpyHostToDevice, stream.get()));
    stream.synchronize();
    gpu::launchEsfShapePixels(dMask.data(), shape.data(), mask.width(), mask.height(),
                              params.shape == processing::EsfShape::Mask, stream.get());
    const auto c = processing::esf::ExplicitEsfCoefficients::from(params.rho, params.dt);
    cudaEvent_t start = nullptr, stop = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&start));
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&stop));
    Field out;
    float* result = nullptr;
    for (int rep = 0; rep <= reps; ++rep) {  // rep 0 warms caches and clocks
        // A stale b must not matter: fill it with garbage-like nonzero values first.
        XRAYPREP_CUDA_CHECK(cudaMemsetAsync(b.data(), 0x3f, n * sizeof(float), stream.get()));
        gpu::launchEsfInitialField(shape.data(), a.data(), n, stream.get());
        XRAYPREP_CUDA_CHECK(cudaEventRecord(start, stream.get()));
        if (variant == Variant::Blocked) {
            result = gpu::runExplicitEsf(a.data(), b.data(), shape.data(), mask.width(),
                                         mask.height(), iterations, c.keep, c.dt, stream.get());
        } else {
            result = gpu::runExplicitEsfReference(
                variant == Variant::SharedTile ? gpu::EsfReferenceKernel::SharedTile
                                               : gpu::EsfReferenceKernel::Texture,
                a.data(), b.data(), shape.data(), mask.width(), mask.height(), iterations, c.keep,
                c.dt, stream.get());
        }
        XRAYPREP_CUDA_CHECK(cudaEventRecord(stop, stream.get()));
        stream.synchronize();
        float ms = 0.0f;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (rep == 1 || (rep > 1 && ms < out.ms)) out.ms = ms;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    out.pixels.resize(n);
    XRAYPREP_CUDA_CHECK(
        cudaMemcpy(out.pixels.data(), result, n * sizeof(float), cudaMemcpyDeviceToHost));
    return out;
}

processing::Mask boneMask(int width, int height) {
    processing::PhantomParams pp;
    pp.width = width;
    pp.height = height;
    return processing::FootPhantom{}(pp).truth;
}

std::size_t differing(const std::vector<float>& a, const std::vector<float>& b) {
    std::size_t d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d += a[i] != b[i];
    return d;
}

TEST(EsfVariants, ReferenceKernelsMatchTheSerialCpuBitForBit) {
    XRAYPREP_REQUIRE_CUDA();
    const std::pair<int, int> sizes[] = {{1, 1}, {41, 1}, {1, 37}, {17, 16}, {301, 257}};
    for (const auto& [w, h] : sizes) {
        for (const int iterations : {1, 7, 30}) {
            for (const auto shapeKind :
                 {processing::EsfShape::Boundary, processing::EsfShape::Mask}) {
                processing::EsfParams p;
                p.iterations = iterations;
                p.shape = shapeKind;
                const processing::Mask mask = gpu_test::randomMask(w, h, 5, 0.05);
                const processing::EsfResult cpu = gpu_test::serialBackend()->esf(mask, p);
                const std::vector<float> expected(cpu.field.data(),
                                                  cpu.field.data() + cpu.field.size());
                for (const Variant v : {Variant::SharedTile, Variant::Texture, Variant::Blocked}) {
                    const Field f = runVariant(mask, v, iterations, 0, p);
                    EXPECT_EQ(differing(f.pixels, expected), 0u)
                        << name(v) << " " << w << "x" << h << ", " << iterations << " iterations";
                }
            }
        }
    }
}

void compareAndPrint(const std::string& what, const processing::Mask& mask) {
    const Field blocked = runVariant(mask, Variant::Blocked, 200, 5);
    const Field shared = runVariant(mask, Variant::SharedTile, 200, 5);
    const Field texture = runVariant(mask, Variant::Texture, 200, 5);
    EXPECT_EQ(differing(shared.pixels, blocked.pixels), 0u) << what;
    EXPECT_EQ(differing(texture.pixels, blocked.pixels), 0u) << what;
    std::printf(
        "ESF 200 explicit, %s %dx%d: blocked %.3f ms, shared-tile %.3f ms, texture %.3f "
        "ms\n",
        what.c_str(), mask.width(), mask.height(), blocked.ms, shared.ms, texture.ms);
}

TEST(EsfVariants, AllVariantsAgreeAtTheReferenceSizeAndPrintTimes) {
    XRAYPREP_REQUIRE_CUDA();
    compareAndPrint("phantom bone mask", boneMask(2920, 2320));
    // Isolated shape pixels all over the image: no region can be skipped (worst case).
    compareAndPrint("disc mask + scattered pixels", gpu_test::discMask(2920, 2320, 17));
}

TEST(EsfVariants, TimeAgainstImageSize) {
    XRAYPREP_REQUIRE_CUDA();
    for (const int side : {1024, 2048, 4096, 8192}) {
        compareAndPrint("phantom bone mask", boneMask(side, side));
        compareAndPrint("disc mask + scattered pixels", gpu_test::discMask(side, side, 17));
    }
}

}  // namespace
