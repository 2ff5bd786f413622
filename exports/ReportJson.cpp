#include "exports/ReportJson.h"

#include <cstdio>

namespace xrayprep::exports {

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
    // The largest error per stored value the file's codec allowed (JPEG-LS NEAR; 0: none).
    j["codingErrorBound"] = metadata.codingErrorBound;
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

Json scaleJson(const processing::PipelineResult& result) {
    // Every run sets the scale and has a median (computed or kept); before one there is none.
    if (!result.has(processing::StageId::Median)) return Json();
    Json j = Json::object();
    j["mmPerPixel"] = result.scale.mmPerPixel;
    if (result.scale.fromSpacing) {
        j["source"] = "pixel spacing";
    } else {
        char source[64];
        std::snprintf(source, sizeof source, "assumed field of %g mm",
                      result.parameters.scale.assumedFieldMm);
        j["source"] = source;
    }
    return j;
}

Json effectiveSizesJson(const processing::PipelineResult& result) {
    using processing::StageId;
    const bool median = result.has(StageId::Median);
    const bool contour = result.has(StageId::Contour);
    const bool mask = result.has(StageId::Mask);
    const processing::ContourResult& c = result.contour;
    Json j = Json::object();
    j["median.size"] = median ? Json(result.medianSize) : Json();
    j["contour.workingFactor"] = contour ? Json(c.workingFactor) : Json();
    j["contour.workingMm"] = contour ? Json(c.workingMm) : Json();
    j["contour.minArea"] = contour ? Json(c.minAreaPixels) : Json();
    Json tolerance;
    if (mask) {
        tolerance = Json::object();
        tolerance["x"] = result.quality.straightToleranceX;
        tolerance["y"] = result.quality.straightToleranceY;
    }
    j["quality.straightTolerance"] = tolerance;
    return j;
}

}  // namespace xrayprep::exports
