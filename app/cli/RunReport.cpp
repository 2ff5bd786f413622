#include "app/cli/RunReport.h"

#include "processing/threshold/ThresholdParams.h"

namespace xrayprep::app {

using processing::Json;

Json thresholdJson(const processing::ThresholdResult& t) {
    Json j = Json::object();
    j["method"] = processing::toString(t.requested);
    j["methodUsed"] = processing::toString(t.used);
    j["bin"] = t.bin;
    j["value"] = t.value;
    j["fallbackUsed"] = t.fallbackUsed;
    j["backgroundBin"] = t.backgroundBin;
    Json troughs = Json::array();
    for (int b : t.troughs) troughs.push_back(b);
    j["troughs"] = troughs;
    j["note"] = t.note;
    return j;
}

Json contourJson(const processing::ContourResult& c) {
    Json j = Json::object();
    j["contours"] = static_cast<int>(c.contours.size());
    std::size_t points = 0;
    for (const auto& contour : c.contours) points += contour.points.size();
    j["points"] = static_cast<std::uint64_t>(points);
    j["iterations"] = c.iterations;
    std::uint64_t maskPixels = 0;
    for (auto v : c.mask.pixels()) maskPixels += v ? 1u : 0u;
    j["maskPixels"] = maskPixels;
    Json discarded = Json::array();
    for (const auto& d : c.discarded) discarded.push_back(d);
    j["discarded"] = discarded;
    // How the stage decided: fallbacks, pieces dropped, burned-in annotation left out.
    Json notes = Json::array();
    for (const auto& n : c.notes) notes.push_back(n);
    j["notes"] = notes;
    return j;
}

Json esfJson(const processing::EsfResult& esf) {
    Json j = Json::object();
    j["iterations"] = esf.iterations;
    j["relativeResidual"] = esf.relativeResidual;
    return j;
}

}  // namespace xrayprep::app
