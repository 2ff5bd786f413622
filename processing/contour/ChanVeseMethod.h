#pragma once

#include <utility>

#include "processing/contour/ChanVeseLevelSet.h"
#include "processing/contour/ContourParams.h"
#include "processing/contour/TwoClassSplit.h"
#include "processing/contour/WorkingInputs.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::processing {

// The `chan-vese` method (SPEC §3.4): a two-phase level set on the median image over the
// anatomy, started from the threshold foreground; the region's boundaries (holes included)
// are traced at phi = 0, and those enclosing less than minArea are dropped.
class ChanVeseMethod {
  public:
    ChanVeseMethod() = default;
    // `solver` runs the level-set iterations instead of ChanVeseLevelSet (empty = it).
    explicit ChanVeseMethod(LevelSetSolver solver) : solver_(std::move(solver)) {}
    // `split` normalises the intensities instead of TwoClassSplit (empty = it).
    ChanVeseMethod(LevelSetSolver solver, TwoClassSplitter split)
        : solver_(std::move(solver)), split_(std::move(split)) {}
    // `fromStart` (when set) builds the start and runs the iterations instead of this class and
    // `solver`.
    ChanVeseMethod(LevelSetSolver solver, TwoClassSplitter split, LevelSetFromStart fromStart)
        : solver_(std::move(solver)), split_(std::move(split)), fromStart_(std::move(fromStart)) {}

    [[nodiscard]] MethodOutcome operator()(const WorkingInputs& in, const ContourParams& params,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel) const;

  private:
    LevelSetSolver solver_;
    TwoClassSplitter split_;
    LevelSetFromStart fromStart_;
};

}  // namespace xrayprep::processing
