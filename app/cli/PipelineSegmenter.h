#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "app/cli/PhantomEvaluator.h"
#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {

// The segmenter under evaluation: the real pipeline (processing::Pipeline) with one backend per
// worker (or one shared device taken in turns), run on the phantom's pixels up to and including
// the mask stage; the ESF is not judged and not computed (the run is stopped after the mask).
// With `throughDicom` (full builds) each phantom is first written as a DICOM file with its
// photometric, bits and spacing, and read back with the product's reader.
class PipelineSegmenter {
  public:
    PipelineSegmenter(std::vector<std::shared_ptr<processing::ComputeBackend>> backends,
                      processing::PipelineParameters params, bool sharedDevice,
                      std::filesystem::path dicomFolder = {});

    PhantomSegmentation operator()(const processing::Phantom& phantom, int worker);

  private:
    [[nodiscard]] processing::Image input(const processing::Phantom& phantom, int worker) const;

    std::vector<std::unique_ptr<processing::Pipeline>> pipelines_;
    processing::PipelineParameters params_;
    bool sharedDevice_;
    std::filesystem::path dicomFolder_;  // empty: in memory
    std::mutex deviceTurn_;
};

}  // namespace xrayprep::app
