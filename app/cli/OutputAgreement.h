#pragma once

#include <string>

#include "processing/pipeline/PipelineResult.h"

namespace xrayprep::app {

// How a backend's stage outputs compare with the serial reference's, for `bench`: "==" for
// each output equal bit for bit; otherwise how far apart they are (differing pixels and the
// largest difference; for the mask also the Dice coefficient of the two masks), never a bare
// "differs".
std::string describeAgreement(const processing::PipelineResult& reference,
                              const processing::PipelineResult& other);

}  // namespace xrayprep::app
