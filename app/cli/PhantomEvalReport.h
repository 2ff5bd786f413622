#pragma once

#include <string>
#include <vector>

#include "app/cli/PhantomEvaluator.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

// What a phantom evaluation ran with, for the report's header.
struct PhantomEvalSettings {
    std::string backend;
    std::string parameters;  // the --set assignments, or "defaults"
    int seeds = 0;
    int jobs = 1;
    int threadsPerJob = 1;
    std::string size;
    double wallSeconds = 0.0;
};

// The evaluation as JSON (every run) and as a Markdown table (one line per row, for
// docs/QUALITY.md).
class PhantomEvalReport {
  public:
    [[nodiscard]] static processing::Json json(const std::vector<CombinationSummary>& rows,
                                               const PhantomEvalSettings& settings);
    [[nodiscard]] static std::string markdown(const std::vector<CombinationSummary>& rows,
                                              const PhantomEvalSettings& settings);
    // One line for the console: "planar+dark-bg  min 0.41 mean 0.77 worst seed 12 ... FAIL".
    [[nodiscard]] static std::string line(const CombinationSummary& row);
};

}  // namespace xrayprep::app
