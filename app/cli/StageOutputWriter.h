#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/PipelineResult.h"

namespace xrayprep::app {

// Writes one input's outputs into its folder: final.png and mask.png always; with
// saveStages also 01-median.png ... 06-esf.mha. Every file is written atomically and never
// over an input file. Returns the file names written.
class StageOutputWriter {
  public:
    StageOutputWriter(std::vector<std::filesystem::path> protectedInputs, bool saveStages);

    std::vector<std::string> operator()(const std::filesystem::path& folder,
                                        const processing::PipelineResult& result,
                                        const processing::ImageMetadata& metadata) const;

  private:
    std::vector<std::filesystem::path> protectedInputs_;
    bool saveStages_;
};

}  // namespace xrayprep::app
