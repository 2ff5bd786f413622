#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/cli/InputJob.h"
#include "io/AtomicFile.h"

namespace xrayprep::app {

// `run --gallery`: the review gallery of the whole batch, OUT/index.html, one tile per input
// in input order (exports::GalleryWriter), written after all inputs, failed ones included.
// `folders[i]` is input i's output folder inside `out`. Returns the page's path.
std::filesystem::path writeBatchGallery(const std::filesystem::path& out,
                                        const std::vector<std::string>& inputs,
                                        const std::vector<std::filesystem::path>& folders,
                                        const std::vector<InputOutcome>& outcomes,
                                        const io::ProtectedPaths& protectedPaths);

}  // namespace xrayprep::app
