#pragma once

#include <functional>

#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The gradient vector flow field (u, v) of an edge map (Xu & Prince 1998).
struct VectorField {
    FloatImage u;
    FloatImage v;
};

// Explicit iterations of u_t = mu * laplacian(u) - (u - f_x) * |grad f|^2 (and v with f_y),
// time step min(1, 1 / (4 mu + max |grad f|^2)) so the scheme is monotone, replicate borders. The
// edge map f should be normalised to [0, 1]. Jacobi updates, so the result is the same for every
// thread count.
class GradientVectorFlow {
  public:
    [[nodiscard]] VectorField operator()(const FloatImage& edgeMap, double mu, int iterations,
                                         const ExecutionPolicy& policy,
                                         const CancelToken* cancel = nullptr) const;
};

// Seam for another implementation of the GVF (the CUDA backend runs it on the device): same
// arguments and contract as GradientVectorFlow::operator(). Empty = GradientVectorFlow.
using GvfSolver =
    std::function<VectorField(const FloatImage& edgeMap, double mu, int iterations,
                              const ExecutionPolicy& policy, const CancelToken* cancel)>;

}  // namespace xrayprep::processing
