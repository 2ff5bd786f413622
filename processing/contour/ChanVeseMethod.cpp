#include "processing/contour/ChanVeseMethod.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processing/contour/ChanVeseLevelSet.h"
#include "processing/contour/ContourGeometry.h"
#include "processing/contour/ContourTracer.h"
#include "processing/contour/TwoClassSplit.h"

namespace xrayprep::processing {
namespace {

constexpr const char* kUnseededNote =
    "chan-vese: the threshold foreground leaves nothing inside the "
    "anatomy; started from the two-class split of the anatomy instead";

// Cuts phi outside the anatomy and traces the region's boundaries into `out`.
void traceRegion(FloatImage& phi, const WorkingInputs& in, const ContourParams& p,
                 const ExecutionPolicy& policy, MethodOutcome& out) {
    const WorkingGrid& g = in.grid;
    const Mask& anatomy = in.regions.anatomy;
    const auto n = static_cast<std::int64_t>(phi.size());
    // Nothing outside the anatomy belongs to the region.
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        if (anatomy.data()[i] == 0) phi.data()[i] = std::min(phi.data()[i], -1.0f);
    }
    const double minArea = p.minArea / (static_cast<double>(g.factor()) * g.factor());
    for (Contour& c : ContourTracer{}(phi, 0.0f, SaddleRule::Average, policy)) {
        if (std::abs(signedArea(c)) >= minArea && c.points.size() >= 3) {
            out.contours.push_back(std::move(c));
        }
    }
}

ChanVeseSettings settingsOf(const ContourParams& p) {
    ChanVeseSettings s;
    s.mu = p.cvMu;
    s.lambda1 = p.cvLambda1;
    s.lambda2 = p.cvLambda2;
    s.dt = p.cvDt;
    s.maxIterations = p.cvIterations;
    return s;
}

}  // namespace

MethodOutcome ChanVeseMethod::operator()(const WorkingInputs& in, const ContourParams& p,
                                         const ExecutionPolicy& policy,
                                         const CancelToken* cancel) const {
    MethodOutcome out;
    const WorkingGrid& g = in.grid;
    const Mask& anatomy = in.regions.anatomy;
    // Intensities normalised by the two-class split of the anatomy: the dark class mean maps
    // to 0, the bright one to 1, so the data term has the same scale on every image and mu
    // one meaning.
    const TwoClasses classes =
        split_ ? split_(in.median, anatomy) : TwoClassSplit{}(in.median, anatomy);
    if (classes.count == 0) return out;
    const float scale = 1.0f / std::max(classes.brightMean - classes.darkMean, 1e-6f);
    const float split = (classes.level - classes.darkMean) * scale;
    const ChanVeseSettings s = settingsOf(p);
    if (fromStart_) {
        // The solver builds the start (ChanVeseStart) where the median already is.
        FloatImage phi(g.width(), g.height());
        bool seeded = true;
        const ChanVeseStart start{in.median,        anatomy, in.regions.foreground,
                                  classes.darkMean, scale,   split};
        out.iterations = fromStart_(start, phi, seeded, s, policy, cancel).iterations;
        if (!seeded) out.notes.push_back(kUnseededNote);
        traceRegion(phi, in, p, policy, out);
        return out;
    }

    const auto n = static_cast<std::int64_t>(in.median.size());
    FloatImage image(g.width(), g.height());
    {
        const float* src = in.median.data();
        float* dst = image.data();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (std::int64_t i = 0; i < n; ++i) dst[i] = (src[i] - classes.darkMean) * scale;
    }

    // Start from the threshold foreground inside the anatomy, cut at the two-class split (when
    // the threshold kept soft tissue too, this still starts with two phases). phi0 is graded,
    // twice the distance of the intensity from the split clamped to [-1, 1], so the pixels near
    // the split are the ones that move first.
    FloatImage phi(g.width(), g.height(), -1.0f);
    std::int64_t seeded = 0;  // an integer count: exact in any order
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel()) \
    reduction(+ : seeded)
    for (std::int64_t i = 0; i < n; ++i) {
        if (anatomy.data()[i] == 0) continue;
        const float graded = std::clamp(2.0f * (image.data()[i] - split), -1.0f, 1.0f);
        const bool foreground = in.regions.foreground.data()[i] != 0;
        phi.data()[i] = foreground ? graded : std::min(graded, -0.5f);
        seeded += foreground && graded > 0.0f ? 1 : 0;
    }
    if (seeded == 0) {
        out.notes.push_back(kUnseededNote);
        for (std::int64_t i = 0; i < n; ++i) {
            if (anatomy.data()[i] == 0) continue;
            phi.data()[i] = std::clamp(2.0f * (image.data()[i] - split), -1.0f, 1.0f);
        }
    }

    out.iterations = solver_
                         ? solver_(phi, image, anatomy, s, policy, cancel).iterations
                         : ChanVeseLevelSet{}(phi, image, anatomy, s, policy, cancel).iterations;
    traceRegion(phi, in, p, policy, out);
    return out;
}

}  // namespace xrayprep::processing
