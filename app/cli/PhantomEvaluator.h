#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/cli/PhantomEvalMatrix.h"
#include "app/cli/PhantomRunScore.h"
#include "processing/core/Image.h"
#include "processing/phantom/FootPhantom.h"

namespace xrayprep::app {

// A segmentation under test: the bone mask and the final (masked) image.
struct PhantomSegmentation {
    processing::Mask mask;
    processing::Image final;
};
// Segments one phantom; `worker` (0 .. jobs-1) names the calling worker, so each can keep its
// own pipeline. May throw: the run then counts as failed with Dice 0.
using PhantomSegmenter =
    std::function<PhantomSegmentation(const processing::Phantom& phantom, int worker)>;

struct PhantomRun {
    int seedIndex = 0;
    std::uint32_t seed = 0;
    FormatAxes format;
    PhantomRunScore score;
    double phantomMs = 0.0;
    double segmentMs = 0.0;
    std::vector<std::string> notes;  // what the phantom could not place
    std::string error;               // what the segmenter threw, if it did
};

struct CombinationSummary {
    EvalCombination combination;
    std::vector<PhantomRun> runs;  // by seed index
    double minDice = 0.0;
    double meanDice = 0.0;
    int worst = -1;  // index into runs: lowest Dice, then most leftover pixels
    std::array<std::uint64_t, processing::kAllPhantomObjects.size()> leftovers{};
    int failingSeeds = 0;  // Dice below the threshold or any leftover pixel or an error
    int seedsWithNotes = 0;
    double meanSegmentMs = 0.0;
    bool pass = false;  // every seed: Dice >= threshold and no leftover pixel
};

// Runs every row of a matrix over seeds 1..N through a segmenter, `jobs` runs at a time (each
// worker renders its phantom with `threadsPerJob` OpenMP threads), and sums each row up.
class PhantomEvaluator {
  public:
    static constexpr double kDiceThreshold = 0.92;

    PhantomEvaluator(PhantomSegmenter segmenter, int jobs, int threadsPerJob);

    // `finished` is called (serialised) once per row when all its seeds are done.
    [[nodiscard]] std::vector<CombinationSummary> run(
        const std::vector<EvalCombination>& rows, int seeds, const EvalSize& size,
        const std::function<void(const CombinationSummary&)>& finished = {}) const;

    // One run: renders the phantom of (row, seed index) and scores the segmenter on it.
    [[nodiscard]] PhantomRun runOne(const EvalCombination& row, int seedIndex, const EvalSize& size,
                                    int worker) const;

    [[nodiscard]] static CombinationSummary summarize(const EvalCombination& row,
                                                      std::vector<PhantomRun> runs);

  private:
    PhantomSegmenter segmenter_;
    int jobs_;
    int threadsPerJob_;
};

}  // namespace xrayprep::app
