#pragma once

#include <memory>

#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "ui/data/DisplayedRun.h"

namespace xrayprep::ui::test {

// A whole run of the pipeline on a small synthetic foot, as the model would publish it.
inline DisplayedRun phantomRun(int width = 730, int height = 580) {
    using namespace processing;
    PhantomParams params;
    params.width = width;
    params.height = height;
    Phantom phantom = FootPhantom{}(params);
    Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::OpenMP, 2));
    pipeline.setInput(phantom.image);
    const PipelineResult& r = pipeline.run(PipelineParameters{});
    DisplayedRun run;
    run.original = std::make_shared<Image>(std::move(phantom.image));
    run.metadata = std::make_shared<ImageMetadata>(phantom.metadata);
    run.inputLabel = "Sample (planar)";
    run.median = std::make_shared<Image>(r.median);
    run.histogram = std::make_shared<Histogram>(r.histogram);
    run.threshold = std::make_shared<ThresholdResult>(r.threshold);
    run.thresholded = std::make_shared<Image>(r.thresholded);
    run.sobel = std::make_shared<Image>(r.sobel);
    run.contour = std::make_shared<ContourResult>(r.contour);
    run.final = std::make_shared<Image>(r.final);
    run.esf = std::make_shared<EsfResult>(r.esf);
    run.parameters = r.parameters;
    for (int i = 0; i < kStageCount; ++i) run.timing.wallMs[i] = r.milliseconds[i];
    return run;
}

}  // namespace xrayprep::ui::test
