#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "app/cli/ExportWriter.h"
#include "app/cli/ProgressBar.h"
#include "app/cli/StageOutputWriter.h"
#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

// What every input of one `run` shares. The writers are const and safe to call from several
// threads at once (each input has its own folder).
struct RunSettings {
    processing::PipelineParameters params;
    int frame = 0;
    const StageOutputWriter* writer = nullptr;
    const ExportWriter* exporter = nullptr;
    ProgressBar* progress = nullptr;
    // Held around each pipeline run when the jobs share one device backend; null otherwise.
    std::mutex* deviceTurn = nullptr;
};

// One input of `run`: load, run the pipeline, write the outputs, and describe it all as the
// report's entry ("status" ok or failed, with the error naming the input). Never throws for a
// bad input; everything the input needed (image, pipeline, stage outputs) is freed on return.
class InputJob {
  public:
    explicit InputJob(const RunSettings& settings) : settings_(settings) {}

    // `ok` tells whether the input succeeded.
    processing::Json operator()(const std::string& input, const std::filesystem::path& folder,
                                const std::shared_ptr<processing::ComputeBackend>& backend,
                                bool& ok) const;

    // The name shown in logs: the file name (no folders), or the sample's name.
    [[nodiscard]] static std::string displayName(const std::string& input);

  private:
    const RunSettings& settings_;
};

}  // namespace xrayprep::app
