#include "processing/esf/ExplicitEsfRow.h"

#include <algorithm>

#include "processing/esf/VectorClones.h"

namespace xrayprep::processing::esf {

ExplicitEsfCoefficients ExplicitEsfCoefficients::from(double rho, double dt) {
    return {static_cast<float>(1.0 - dt * (4.0 + 1.0 / (rho * rho))), static_cast<float>(dt)};
}

namespace {

// Interior pixels [begin, end) with 0 < begin, end < width: both horizontal neighbours exist.
// Written as a plain loop so that the compiler vectorises it.
XRAYPREP_ESF_VECTOR_CLONES
void stepInterior(const float* __restrict up, const float* __restrict centre,
                  const float* __restrict down, float* __restrict out, int begin, int end,
                  ExplicitEsfCoefficients c) {
    for (int x = begin; x < end; ++x) {
        out[x] = explicitEsfStep(centre[x], up[x], down[x], centre[x - 1], centre[x + 1], c);
    }
}

void stepSpan(const float* up, const float* centre, const float* down, float* out, int begin,
              int end, int width, ExplicitEsfCoefficients c) {
    if (begin >= end) return;
    const auto edge = [&](int x) {
        const float left = x > 0 ? centre[x - 1] : centre[x];
        const float right = x + 1 < width ? centre[x + 1] : centre[x];
        out[x] = explicitEsfStep(centre[x], up[x], down[x], left, right, c);
    };
    if (begin == 0) edge(begin++);
    if (begin >= end) return;
    const bool lastColumn = end == width;
    stepInterior(up, centre, down, out, begin, lastColumn ? end - 1 : end, c);
    if (lastColumn) edge(end - 1);
}

}  // namespace

RowSpan explicitEsfRow(EsfRowView up, EsfRowView centre, EsfRowView down,
                       std::span<const RowSpan> fixedRuns, float* out, RowSpan outNonzero,
                       int width, ExplicitEsfCoefficients c) {
    // A pixel whose 5 inputs are all 0 stays exactly 0: compute only the 1-dilated union.
    RowSpan active = RowSpan::unite(RowSpan::unite(up.nonzero, centre.nonzero), down.nonzero);
    if (!active.empty()) active = {std::max(0, active.begin - 1), std::min(width, active.end + 1)};

    int x = active.begin;
    for (const RowSpan& run : fixedRuns) {
        stepSpan(up.pixels, centre.pixels, down.pixels, out, x, run.begin, width, c);
        std::fill(out + run.begin, out + run.end, 1.0f);
        x = run.end;
    }
    stepSpan(up.pixels, centre.pixels, down.pixels, out, x, active.end, width, c);

    // Clear what the row held outside the new active span.
    if (!outNonzero.empty()) {
        if (active.empty()) {
            std::fill(out + outNonzero.begin, out + outNonzero.end, 0.0f);
        } else {
            if (outNonzero.begin < active.begin) {
                std::fill(out + outNonzero.begin, out + std::min(outNonzero.end, active.begin),
                          0.0f);
            }
            if (outNonzero.end > active.end) {
                std::fill(out + std::max(outNonzero.begin, active.end), out + outNonzero.end, 0.0f);
            }
        }
    }

    // Trim zeros at both ends (values can underflow to 0, the shape pixels stay 1).
    int begin = active.begin;
    int end = active.end;
    while (begin < end && out[begin] == 0.0f) ++begin;
    while (end > begin && out[end - 1] == 0.0f) --end;
    return begin < end ? RowSpan{begin, end} : RowSpan{};
}

}  // namespace xrayprep::processing::esf
