#include "processing/esf/ConvergedEsfSolver.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "processing/esf/DeterministicSum.h"
#include "processing/esf/EsfFineOperator.h"
#include "processing/esf/EsfMultigrid.h"
#include "processing/esf/EsfResidual.h"
#include "processing/esf/ParallelWork.h"
#include "processing/esf/ShapeRuns.h"

namespace xrayprep::processing::esf {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 14;

// Element-wise loops over fixed chunks (no reductions, so any thread count gives the same).
template <typename Body>
void forEachIndex(std::size_t n, int threads, Body&& body) {
    const auto count = static_cast<std::ptrdiff_t>(n);
    threads = threadsFor(n, threads);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (std::ptrdiff_t i = 0; i < count; ++i) body(static_cast<std::size_t>(i));
}

}  // namespace

ConvergedEsfSolver::Outcome ConvergedEsfSolver::operator()(const Mask& shape, double rho,
                                                           double tolerance, int maxIterations,
                                                           const ExecutionPolicy& policy) const {
    const int threads = std::max(policy.threads, 1);
    const std::size_t n = shape.size();
    Outcome out;
    out.field = FloatImage(shape.width(), shape.height(), 0.0f);
    if (n == 0) return out;
    float* field = out.field.data();

    // x (double) holds the whole field, 1 on S: then b - A x is one stencil (EsfResidual).
    // The CG vectors r, p, q, z live on the free pixels only (0 on S).
    std::vector<double> x(n, 0.0);
    const std::uint8_t* s = shape.data();
    for (std::size_t i = 0; i < n; ++i) x[i] = s[i] != 0 ? 1.0 : 0.0;
    const EsfFineOperator a(shape, rho, threads);
    const EsfResidual exact(a.freeMask(), shape.width(), shape.height(), rho, threads);
    std::vector<float> r(n);
    const double bNorm = std::sqrt(exact.norm2(x.data(), r.data()));  // x = 0 on F: r = b
    const auto roundedResidual = [&] {  // of the float32 field, which is what is returned
        forEachIndex(n, threads, [&](std::size_t i) { field[i] = static_cast<float>(x[i]); });
        return std::sqrt(exact.norm2(field)) / bNorm;
    };
    if (bNorm == 0.0) {  // no free pixel touches S: v = 0 on F is exact
        (void)roundedResidual();
        return out;
    }
    const ShapeRuns runs(shape);
    EsfMultigrid multigrid(a, runs);

    // The field buffer doubles as the preconditioned residual z between residual checks.
    std::vector<float> p(n), q(n);
    float* z = field;
    multigrid.apply(r.data(), z, q.data());
    std::copy(z, z + n, p.begin());
    double rz = deterministicDot(r.data(), z, n, threads);

    // The true residual is evaluated once the recursive estimate is low enough, and then at
    // least every kRecheck iterations; if it is not yet below the tolerance, r is replaced by it
    // (the recursion cannot drift) and CG goes on. A check that gains less than 2x on the
    // previous one means float32 rounding of the field is the limit: stop there.
    constexpr int kRecheck = 5;
    double checkBelow = std::max(0.5 * tolerance, 1e-6);
    double lastTrue = std::numeric_limits<double>::infinity();
    int lastCheck = -1;
    bool checked = false;
    int it = 0;
    while (it < maxIterations) {
        ++it;
        const double alpha = rz / a.applyAndDot(p.data(), q.data());
        // x += alpha p, r -= alpha q, and ||r||^2 in the same pass.
        const auto update = [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                x[i] += alpha * p[i];
                r[i] = static_cast<float>(r[i] - alpha * q[i]);
            }
            return dotRange(r.data(), r.data(), begin, end);
        };
        const double rr = deterministicSum(n, kChunk, threadsFor(n, threads), update);
        checked =
            std::sqrt(rr) / bNorm <= checkBelow || (lastCheck >= 0 && it - lastCheck >= kRecheck);
        if (checked) {
            lastCheck = it;
            out.relativeResidual = roundedResidual();
            // Done, or stuck at float rounding (then the field of this check is returned).
            if (out.relativeResidual <= tolerance || out.relativeResidual > 0.5 * lastTrue) break;
            lastTrue = out.relativeResidual;
            checkBelow = std::max(0.5 * tolerance, 0.1 * lastTrue);
            (void)exact.norm2(x.data(), r.data());
        }
        if (it == maxIterations) break;
        multigrid.apply(r.data(), z, q.data());
        const double rzNext = deterministicDot(r.data(), z, n, threads);
        // After a replacement CG restarts from the new residual (p = z): the old directions
        // belong to the drifted recursion. Each restart is a step of iterative refinement.
        const auto beta = checked ? 0.0f : static_cast<float>(rzNext / rz);
        rz = rzNext;
        forEachIndex(n, threads, [&](std::size_t i) { p[i] = z[i] + beta * p[i]; });
    }
    if (!checked) out.relativeResidual = roundedResidual();
    out.iterations = it;
    return out;
}

double ConvergedEsfSolver::relativeResidual(const Mask& shape, const FloatImage& field, double rho,
                                            const ExecutionPolicy& policy) {
    std::vector<std::uint8_t> isFree(shape.size());
    const std::uint8_t* s = shape.data();
    for (std::size_t i = 0; i < isFree.size(); ++i) isFree[i] = s[i] == 0 ? 1 : 0;
    const EsfResidual exact(isFree.data(), shape.width(), shape.height(), rho,
                            std::max(policy.threads, 1));
    const double b2 = exact.rhsNorm2();
    return b2 > 0.0 ? std::sqrt(exact.norm2(field.data()) / b2) : 0.0;
}

}  // namespace xrayprep::processing::esf
