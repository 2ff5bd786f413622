#include "mesh_export/ReportJson.h"

namespace xrayprep::mesh_export {

using processing::Json;

Json imageFactsJson(const processing::Image& image, const processing::ImageMetadata& metadata) {
    Json j = Json::object();
    j["width"] = image.width();
    j["height"] = image.height();
    j["bitsStored"] = image.bitsStored();
    j["photometric"] = processing::toString(metadata.photometric);
    if (metadata.spacing) {
        Json s = Json::object();
        s["x"] = metadata.spacing->x;
        s["y"] = metadata.spacing->y;
        s["unit"] = "mm";
        s["source"] = metadata.spacing->source;
        j["spacing"] = s;
    } else {
        j["spacing"] = Json();  // unknown: exports are in pixels
    }
    j["frames"] = metadata.frameCount;
    j["frame"] = metadata.frameIndex;
    if (!metadata.warnings.empty()) {
        Json w = Json::array();
        for (const auto& text : metadata.warnings) w.push_back(text);
        j["warnings"] = w;
    }
    return j;
}

Json stageTimesJson(const processing::PipelineResult& result) {
    Json j = Json::object();
    for (processing::StageId s : processing::kAllStages) {
        const auto& ms = result.milliseconds[processing::stageIndex(s)];
        j[processing::toString(s)] = ms ? Json(*ms) : Json();
    }
    j["total"] = result.totalMilliseconds();
    return j;
}

Json qualityJson(const processing::QualityReport& quality) {
    Json j = Json::object();
    j["status"] = quality.needsReview() ? "needs-review" : "ok";
    Json checks = Json::array();
    for (const auto& c : quality.checks) {
        Json check = Json::object();
        check["id"] = c.id;
        check["passed"] = c.passed;
        check["value"] = c.value;
        check["limit"] = c.limit;
        check["message"] = c.message;
        checks.push_back(check);
    }
    j["checks"] = checks;
    return j;
}

}  // namespace xrayprep::mesh_export
