#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/mesh/MeshParams.h"
#include "processing/mesh/TriangleMesh.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/util/Json.h"

namespace xrayprep::exports {

// What the per-input timing and parameter report says besides the result itself.
struct ExportReportContext {
    std::string input;                        // as the user named it (path or sample:...)
    std::optional<std::string> inputSha256;   // of the input file; none for built-in samples
    std::string backend;                      // ComputeBackend::description()
    std::optional<std::string> dcmtkVersion;  // when the build reads DICOM
    std::optional<processing::MeshParams> mesh;
    const processing::TriangleMesh* meshResult = nullptr;  // counts and bounds when made
    std::vector<std::string> outputs;                      // file names written next to the report
};

// {"tool", "versions": {xrayprep, compiler, dcmtk?}, "input": {name, sha256, width, height,
// bitsStored, photometric, spacing}, "backend", "milliseconds": {stage: ms or null, total,
// run}, "parameters": processing::parametersToJson, "scale" (scaleJson), "effective" (the pixel
// values of the parameters in mm, effectiveSizesJson), "mesh": {mode, thickness, ...},
// "threshold", "contours", "quality" (the mask's checks, once the mask stage ran), "outputs"}.
// Times are the pipeline's wall-clock per stage.
[[nodiscard]] processing::Json exportReportJson(const ExportReportContext& context,
                                                const processing::Image& original,
                                                const processing::ImageMetadata& metadata,
                                                const processing::PipelineResult& result);

// {"xrayprep": XRAYPREP_VERSION, "compiler": "gcc 12.2.0", "dcmtk": ...}.
[[nodiscard]] processing::Json toolVersionsJson(const std::optional<std::string>& dcmtkVersion);
[[nodiscard]] processing::Json meshParamsJson(const processing::MeshParams& params);

void writeExportReport(const std::filesystem::path& destination, const processing::Json& report,
                       const io::ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::exports
