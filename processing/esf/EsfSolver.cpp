#include "processing/esf/EsfSolver.h"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "processing/esf/ConvergedEsfSolver.h"
#include "processing/esf/ExplicitEsfSolver.h"
#include "processing/esf/ShapeRuns.h"

namespace xrayprep::processing {

namespace {

std::string str(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

void validate(const EsfParams& p, const ExecutionPolicy& policy) {
    const auto fail = [](const std::string& what) {
        throw std::invalid_argument("EsfSolver: " + what);
    };
    if (!std::isfinite(p.rho) || p.rho <= 0.0) fail("rho must be > 0, got " + str(p.rho));
    if (policy.threads < 1) fail("threads must be >= 1, got " + std::to_string(policy.threads));
    if (p.mode == EsfMode::Explicit) {
        const double limit = 1.0 / (4.0 + 1.0 / (p.rho * p.rho));
        if (!std::isfinite(p.dt) || p.dt <= 0.0 || p.dt >= limit) {
            fail("dt must be in (0, " + str(limit) + ") for rho = " + str(p.rho) +
                 " (stability limit 1 / (4 + 1/rho^2)), got " + str(p.dt));
        }
        if (p.iterations < 0) fail("iterations must be >= 0, got " + std::to_string(p.iterations));
    } else {
        if (!std::isfinite(p.tolerance) || p.tolerance <= 0.0) {
            fail("tolerance must be > 0, got " + str(p.tolerance));
        }
        if (p.maxSolverIterations < 1) {
            fail("maxSolverIterations must be >= 1, got " + std::to_string(p.maxSolverIterations));
        }
    }
}

}  // namespace

EsfResult EsfSolver::operator()(const Mask& mask, const EsfParams& params,
                                const ExecutionPolicy& policy) const {
    validate(params, policy);
    const Mask shape = esfShapePixels(mask, params.shape, policy);
    EsfResult result;
    if (params.mode == EsfMode::Explicit) {
        const esf::ShapeRuns runs(shape);
        result.field = esf::ExplicitEsfSolver{}(
            runs, esf::ExplicitEsfCoefficients::from(params.rho, params.dt), params.iterations,
            policy);
        result.iterations = params.iterations;
        // How far the explicit field is from the steady state, for the report.
        result.relativeResidual =
            esf::ConvergedEsfSolver::relativeResidual(shape, result.field, params.rho, policy);
        return result;
    }
    esf::ConvergedEsfSolver::Outcome outcome = esf::ConvergedEsfSolver{}(
        shape, params.rho, params.tolerance, params.maxSolverIterations, policy);
    result.field = std::move(outcome.field);
    result.iterations = outcome.iterations;
    result.relativeResidual = outcome.relativeResidual;
    result.reachedTolerance = outcome.relativeResidual <= params.tolerance;
    return result;
}

}  // namespace xrayprep::processing
