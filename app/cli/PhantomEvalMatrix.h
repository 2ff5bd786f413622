#pragma once

#include <string>
#include <vector>

#include "processing/phantom/FootPhantom.h"

namespace xrayprep::app {

// One row of the phantom evaluation: a view with a set of variations (VariationCatalog names).
struct EvalCombination {
    std::string name;  // "planar+dark-bg", "mix:wb-standing", ...
    processing::PhantomView view = processing::PhantomView::Planar;
    std::vector<std::string> variations;  // empty: the plain view
    int longSide = 0;                     // pixels; 0: the run's size
    int bitsStored = 0;                   // 0: the per-seed format axis decides (8 or 12)
    [[nodiscard]] bool mixture() const { return name.rfind("mix:", 0) == 0; }
};

// The image size of a run: the longer side with each view's natural aspect, or an exact size.
struct EvalSize {
    int longSide = 1024;
    int width = 0, height = 0;  // both set: exact
};

// The file-format axes a seed is drawn with: seed index i takes combination i mod 8 of
// (MONOCHROME1/2) x (8/12 bits stored) x (spacing present/absent), so 50 seeds see each of the
// eight at least 6 times and each single value at least 24 times.
struct FormatAxes {
    processing::Photometric photometric = processing::Photometric::Monochrome2;
    int bitsStored = 12;
    bool spacing = true;
    [[nodiscard]] std::string label() const;
};

// "Every combination", written down: each view plain; every content variation alone on every
// view; realistic mixtures like the real films; random mixtures (randomMixtures: two to four
// content variations on a view, drawn from a fixed seed, so that combinations nobody chose are
// measured too); and format extremes (10 and 16 bits, 400 and 4000 px) on two views. See full()
// for the list.
class PhantomEvalMatrix {
  public:
    static constexpr int kRandomMixtures = 24;
    static constexpr unsigned kRandomMixtureSeed = 20261130u;
    [[nodiscard]] static std::vector<EvalCombination> full();
    // `count` mixtures named mix:random-01.., each a view with 2-4 distinct content variations
    // (no platform; never under with over, nor both kinds of one collimation border), no two
    // alike; the same list on every machine.
    [[nodiscard]] static std::vector<EvalCombination> randomMixtures(int count);
    // Keeps the rows whose view is in `views` (empty: all) and that hold any of `variations`
    // ("plain" for the plain rows, "mix" for the mixtures; empty or "all": every row).
    [[nodiscard]] static std::vector<EvalCombination> select(
        const std::vector<EvalCombination>& rows, const std::vector<std::string>& views,
        const std::vector<std::string>& variations);
    // "VIEW:VAR,VAR" (or "VIEW") as an extra row; throws std::invalid_argument.
    [[nodiscard]] static EvalCombination parse(const std::string& text);

    [[nodiscard]] static FormatAxes formatFor(int seedIndex);
    // The phantom of seed index i (seed i + 1) of a row.
    [[nodiscard]] static processing::PhantomParams params(const EvalCombination& row, int seedIndex,
                                                          const EvalSize& size);
};

}  // namespace xrayprep::app
