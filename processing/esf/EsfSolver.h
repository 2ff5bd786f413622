#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/esf/EsfParams.h"

namespace xrayprep::processing {

struct EsfResult {
    FloatImage field;
    int iterations = 0;         // explicit steps, or solver iterations (converged)
    double relativeResidual = 0.0;  // ||A v - b|| / ||b|| over the free pixels
};

// Shape pixels S of a mask: its 4-connected boundary, or the whole mask.
[[nodiscard]] Mask esfShapePixels(const Mask& mask, EsfShape shape);

// Edge Strength Function (Tari, Shah, Pien 1997) of a mask.
class EsfSolver {
public:
    [[nodiscard]] EsfResult operator()(const Mask& mask, const EsfParams& params,
                                       const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
