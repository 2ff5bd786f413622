#include "exports/ExportReport.h"

#include <algorithm>
#include <limits>

#include "exports/ReportJson.h"
#include "processing/pipeline/ParameterRegistry.h"

namespace xrayprep::exports {

using processing::Json;

namespace {

const char* compilerVersion() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

Json meshFacts(const processing::TriangleMesh& mesh) {
    Json j = Json::object();
    j["vertices"] = static_cast<std::uint64_t>(mesh.vertices.size());
    j["triangles"] = static_cast<std::uint64_t>(mesh.triangles.size());
    j["unit"] = mesh.unit;
    j["scalars"] = mesh.scalarName;
    if (!mesh.vertices.empty()) {
        float lo[3], hi[3];
        std::fill(lo, lo + 3, std::numeric_limits<float>::max());
        std::fill(hi, hi + 3, std::numeric_limits<float>::lowest());
        for (const auto& p : mesh.vertices) {
            const float v[3] = {p.x, p.y, p.z};
            for (int k = 0; k < 3; ++k) {
                lo[k] = std::min(lo[k], v[k]);
                hi[k] = std::max(hi[k], v[k]);
            }
        }
        Json bounds = Json::array();
        for (int k = 0; k < 3; ++k) {
            bounds.push_back(static_cast<double>(lo[k]));
            bounds.push_back(static_cast<double>(hi[k]));
        }
        j["bounds"] = bounds;  // xmin xmax ymin ymax zmin zmax, as VTK orders them
    }
    return j;
}

}  // namespace

Json toolVersionsJson(const std::optional<std::string>& dcmtkVersion) {
    Json j = Json::object();
    j["xrayprep"] = XRAYPREP_VERSION;
    j["compiler"] = compilerVersion();
    j["dcmtk"] = dcmtkVersion ? Json(*dcmtkVersion) : Json();
    return j;
}

Json meshParamsJson(const processing::MeshParams& params) {
    Json j = Json::object();
    j["mesh.mode"] = processing::toString(params.mode);
    j["mesh.thickness"] = params.thickness;
    j["mesh.targetTriangles"] = params.targetTriangles;
    j["mesh.smooth"] = params.smooth;
    return j;
}

Json exportReportJson(const ExportReportContext& context, const processing::Image& original,
                      const processing::ImageMetadata& metadata,
                      const processing::PipelineResult& result) {
    Json j = Json::object();
    j["tool"] = "xrayprep";
    j["versions"] = toolVersionsJson(context.dcmtkVersion);
    Json input = imageFactsJson(original, metadata);
    input["name"] = context.input;
    input["sha256"] = context.inputSha256 ? Json(*context.inputSha256) : Json();
    j["input"] = input;
    j["backend"] = context.backend.empty() ? result.backend : context.backend;
    Json ms = stageTimesJson(result);
    ms["run"] = result.runMilliseconds;
    j["milliseconds"] = ms;
    j["parameters"] = processing::parametersToJson(result.parameters);
    j["scale"] = scaleJson(result);
    j["effective"] = effectiveSizesJson(result);
    if (context.mesh) {
        Json mesh = meshParamsJson(*context.mesh);
        if (context.meshResult) mesh["result"] = meshFacts(*context.meshResult);
        j["mesh"] = mesh;
    }
    Json threshold = Json::object();
    threshold["method"] = processing::toString(result.threshold.used);
    threshold["value"] = result.threshold.value;
    threshold["fallbackUsed"] = result.threshold.fallbackUsed;
    j["threshold"] = threshold;
    j["contours"] = static_cast<int>(result.contour.contours.size());
    if (result.has(processing::StageId::Mask)) j["quality"] = qualityJson(result.quality);
    Json outputs = Json::array();
    for (const auto& o : context.outputs) outputs.push_back(o);
    j["outputs"] = outputs;
    return j;
}

void writeExportReport(const std::filesystem::path& destination, const Json& report,
                       const io::ProtectedPaths& protectedPaths) {
    io::writeFileAtomically(destination, processing::dumpJson(report) + "\n", protectedPaths);
}

}  // namespace xrayprep::exports
