#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xrayprep::gpu {

// The source study's two ESF kernels (Keles 2017, shared/seeds/001-esf-cuda.txt), kept as
// reference variants for benchmarks and tests: one explicit step per launch, the same
// per-pixel arithmetic as runExplicitEsf (so the same bits), only the memory path differs.
enum class EsfReferenceKernel {
    SharedTile,  // 16 x 16 threads load an 18 x 18 tile (with clamped halo) into shared memory
    Texture,     // neighbours read through a texture object bound to the previous field
};

// Advances the field in `a` by `iterations` steps, ping-ponging between a and b; returns the
// buffer holding the result.
float* runExplicitEsfReference(EsfReferenceKernel kernel, float* a, float* b,
                               const std::uint8_t* shape, int width, int height, int iterations,
                               float keep, float dt, cudaStream_t stream);

}  // namespace xrayprep::gpu
