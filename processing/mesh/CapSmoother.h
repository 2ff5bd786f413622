#pragma once

#include <vector>

#include "processing/core/CancelToken.h"
#include "processing/mesh/CapMesh.h"

namespace xrayprep::processing {

// Taubin lambda/mu smoothing (Taubin 1995) of a flat cap before it is lifted into 3D: a
// shrinking umbrella step (lambda) followed by an inflating one (mu), so the shape is low-pass
// filtered without the shrinkage of plain Laplacian smoothing. The outline is smoothed as a
// curve (each outline vertex averages its two outline neighbours only, so the outline stays
// closed and keeps its place); inner vertices average all their neighbours and follow it.
// `height` (one per vertex, optional) is smoothed on the inner vertices among themselves;
// outline heights stay as they are and do not pull on their inner neighbours. Only positions
// change, never the connectivity, so a closed mesh stays closed. No step folds the cap: the
// vertices of a triangle it would flip keep their old positions. Jacobi updates in a fixed
// order: deterministic.
class CapSmoother {
  public:
    static constexpr double kLambda = 0.5;
    static constexpr double kMu = -0.53;

    void operator()(CapMesh& cap, std::vector<double>* height, int iterations,
                    const CancelToken* cancel = nullptr) const;
};

}  // namespace xrayprep::processing
