#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/ContourGvf.h"
#include "gpu/cuda/DeviceBuffer.h"

namespace xrayprep::gpu {
namespace {

__device__ __forceinline__ long long index(int x, int y, int w) {
    return static_cast<long long>(y) * w + x;
}

// Central differences of f (one-sided at the border), b = |grad f|^2, c = b * grad f, the
// initial field = grad f, and the largest b (as bits: b >= 0, so they order like the values).
__global__ void initialise(const float* __restrict__ f, float* __restrict__ b,
                           float* __restrict__ cu, float* __restrict__ cv, float* __restrict__ u,
                           float* __restrict__ v, unsigned* __restrict__ bmaxBits, int w, int h) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const int xl = max(0, x - 1), xr = min(w - 1, x + 1);
    const int yu = max(0, y - 1), yd = min(h - 1, y + 1);
    const float sx = (x == 0 || x == w - 1) ? 1.0f : 0.5f;
    const float sy = (y == 0 || y == h - 1) ? 1.0f : 0.5f;
    const float fx = (w > 1) ? (f[index(xr, y, w)] - f[index(xl, y, w)]) * sx : 0.0f;
    const float fy = (h > 1) ? (f[index(x, yd, w)] - f[index(x, yu, w)]) * sy : 0.0f;
    const float mag = fx * fx + fy * fy;
    const long long i = index(x, y, w);
    b[i] = mag;
    cu[i] = mag * fx;
    cv[i] = mag * fy;
    u[i] = fx;
    v[i] = fy;
    atomicMax(bmaxBits, __float_as_uint(mag));
}

// One explicit step of both components, as GradientVectorFlow's row loops compute it.
__global__ void gvfStep(const float* __restrict__ b, const float* __restrict__ cu,
                        const float* __restrict__ cv, const float* __restrict__ u,
                        const float* __restrict__ v, float* __restrict__ nu, float* __restrict__ nv,
                        float keepScale, float diffusion, int w, int h) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const int xl = max(0, x - 1), xr = min(w - 1, x + 1);
    const int yu = max(0, y - 1), yd = min(h - 1, y + 1);
    const long long i = index(x, y, w);
    const float bb = b[i];
    {
        const float mid = u[i];
        const float laplacian = u[index(xl, y, w)] + u[index(xr, y, w)] + u[index(x, yu, w)] +
                                u[index(x, yd, w)] - 4.0f * mid;
        nu[i] = (1.0f - keepScale * bb) * mid + diffusion * laplacian + keepScale * cu[i];
    }
    {
        const float mid = v[i];
        const float laplacian = v[index(xl, y, w)] + v[index(xr, y, w)] + v[index(x, yu, w)] +
                                v[index(x, yd, w)] - 4.0f * mid;
        nv[i] = (1.0f - keepScale * bb) * mid + diffusion * laplacian + keepScale * cv[i];
    }
}

}  // namespace

class GvfWorkspace {
  public:
    DeviceBuffer<float> f, b, cu, cv, u, v, nu, nv;
    DeviceBuffer<unsigned> bmax;
    void reserve(std::size_t n) {
        for (DeviceBuffer<float>* d : {&f, &b, &cu, &cv, &u, &v, &nu, &nv}) d->reserve(n);
        bmax.reserve(1);
    }
};

ContourGvf::ContourGvf(cudaStream_t stream)
    : stream_(stream), workspace_(std::make_shared<GvfWorkspace>()) {}

processing::VectorField ContourGvf::operator()(const processing::FloatImage& edgeMap, double mu,
                                               int iterations,
                                               const processing::ExecutionPolicy& /*policy*/,
                                               const processing::CancelToken* cancel) const {
    if (!(mu > 0.0 && mu <= 0.25)) {
        throw std::invalid_argument("contour.gvfMu must be in (0, 0.25], got " +
                                    std::to_string(mu));
    }
    if (iterations < 0) {
        throw std::invalid_argument("contour.gvfIterations must be >= 0, got " +
                                    std::to_string(iterations));
    }
    const int w = edgeMap.width();
    const int h = edgeMap.height();
    processing::VectorField out{processing::FloatImage(w, h, 0.0f),
                                processing::FloatImage(w, h, 0.0f)};
    if (w == 0 || h == 0) return out;
    if (cancel != nullptr) cancel->throwIfCancelled();
    GvfWorkspace& ws = *workspace_;
    const std::size_t n = edgeMap.size();
    ws.reserve(n);
    ws.f.uploadAsync(edgeMap.data(), n, stream_);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(ws.bmax.data(), 0, sizeof(unsigned), stream_));
    const dim3 block(32, 8);
    const dim3 grid((w + 31) / 32, (h + 7) / 8);
    initialise<<<grid, block, 0, stream_>>>(ws.f.data(), ws.b.data(), ws.cu.data(), ws.cv.data(),
                                            ws.u.data(), ws.v.data(), ws.bmax.data(), w, h);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    unsigned bits = 0;
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(&bits, ws.bmax.data(), sizeof bits, cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    float bmax = 0.0f;
    std::memcpy(&bmax, &bits, sizeof bmax);
    // The CPU's time step, computed on the host the same way.
    const double dt = std::min(1.0, 1.0 / (4.0 * mu + static_cast<double>(bmax)));
    const auto keepScale = static_cast<float>(dt);
    const auto diffusion = static_cast<float>(mu * dt);
    float* u = ws.u.data();
    float* v = ws.v.data();
    float* nu = ws.nu.data();
    float* nv = ws.nv.data();
    for (int it = 0; it < iterations; ++it) {
        gvfStep<<<grid, block, 0, stream_>>>(ws.b.data(), ws.cu.data(), ws.cv.data(), u, v, nu, nv,
                                             keepScale, diffusion, w, h);
        XRAYPREP_CUDA_CHECK_LAUNCH();
        std::swap(u, nu);
        std::swap(v, nv);
    }
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(out.u.data(), u, n * sizeof(float), cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(out.v.data(), v, n * sizeof(float), cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    if (cancel != nullptr) cancel->throwIfCancelled();
    return out;
}

}  // namespace xrayprep::gpu
