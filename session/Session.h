#pragma once

#include <string>

#include "processing/edit/ContourGuidance.h"
#include "processing/edit/MaskEdits.h"
#include "processing/pipeline/PipelineParameters.h"

namespace xrayprep::session {

// Everything that reproduces one prepared result: the input, the parameters, the user's
// seeds and box for the contour stage, and the mask edits on top of its mask.
struct Session {
    // A file path (absolute when saved by the application), or a built-in sample as the
    // command line names it ("sample:planar", "sample:lateral:WxH").
    std::string input;
    // SHA-256 of the input file's bytes (64 lower-case hex digits); empty for a sample.
    std::string inputSha256;
    int frame = 0;  // of a multi-frame file
    processing::PipelineParameters parameters;
    processing::ContourGuidance guidance;
    processing::MaskEdits edits;
    // What saved it ("xrayprep 0.1.0"); informative.
    std::string application;

    [[nodiscard]] bool inputIsSample() const { return input.rfind("sample:", 0) == 0; }
};

}  // namespace xrayprep::session
