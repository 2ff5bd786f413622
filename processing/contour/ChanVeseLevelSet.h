#pragma once

#include <functional>

#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct ChanVeseSettings {
    double mu = 0.2;       // curvature (length) weight, intensities in [0, 1]
    double lambda1 = 1.0;  // inside fidelity
    double lambda2 = 1.0;  // outside fidelity
    double dt = 0.5;
    double epsilon = 1.0;  // width of the regularised delta
    // Regularises 1 / |grad phi| in the curvature term as 1 / sqrt(eta^2 + |grad phi|^2). A
    // tiny eta (Getreuer uses 1e-8) freezes regions where phi is flat, as it is where phi
    // starts from a clipped or binary function; eta = 1 turns the term there into a mild
    // diffusion and keeps it a curvature where phi is steep.
    double eta = 1.0;
    int maxIterations = 200;
    // Stop once, in each of `stableIterations` consecutive iterations, at most stopFraction of
    // the domain changed sign and the pixels with |phi| <= 1 moved by at most stopChange on
    // average.
    double stopFraction = 1e-4;
    double stopChange = 0.01;
    int stableIterations = 5;
};

struct ChanVeseOutcome {
    int iterations = 0;
    double insideMean = 0.0;   // c1
    double outsideMean = 0.0;  // c2
};

// Two-phase piecewise-constant level set (Chan & Vese 2001) by the semi-implicit scheme of
// Getreuer (IPOL 2012), with Jacobi instead of Gauss-Seidel sweeps so every pixel's update
// depends only on the previous iterate: identical results for every thread count. The region
// is phi > 0. Pixels outside `domain` keep their phi and do not count in the means. The
// region means are sums of per-row partial sums added in row order.
class ChanVeseLevelSet {
  public:
    ChanVeseOutcome operator()(FloatImage& phi, const FloatImage& image, const Mask& domain,
                               const ChanVeseSettings& settings, const ExecutionPolicy& policy,
                               const CancelToken* cancel = nullptr) const;
};

// Seam for another implementation of the iterations (the CUDA backend runs them on the device):
// same arguments and contract as ChanVeseLevelSet::operator(). Empty = ChanVeseLevelSet.
using LevelSetSolver = std::function<ChanVeseOutcome(
    FloatImage& phi, const FloatImage& image, const Mask& domain, const ChanVeseSettings& settings,
    const ExecutionPolicy& policy, const CancelToken* cancel)>;

// The start of a chan-vese solve, as ChanVeseMethod builds it from the working median:
// image = (median - offset) * scale; inside `domain`, phi0 = clamp(2 (image - split), -1, 1)
// where `foreground` is set and min(that, -0.5) where not; -1 outside the domain. When no
// foreground pixel has phi0 > 0 (nothing seeded), phi0 = clamp(2 (image - split), -1, 1) inside
// the domain instead.
struct ChanVeseStart {
    const FloatImage& median;
    const Mask& domain;
    const Mask& foreground;
    float offset = 0.0f;
    float scale = 1.0f;
    float split = 0.0f;
};

// Seam for a solver that builds the start itself where the median already is (the CUDA backend
// keeps the working median on the device): builds image and phi0 as ChanVeseStart says, runs
// the iterations as ChanVeseLevelSet does on them, and leaves the final phi in `phi` (of the
// median's size); `seeded` tells whether the foreground seeded anything.
using LevelSetFromStart = std::function<ChanVeseOutcome(
    const ChanVeseStart& start, FloatImage& phi, bool& seeded, const ChanVeseSettings& settings,
    const ExecutionPolicy& policy, const CancelToken* cancel)>;

}  // namespace xrayprep::processing
