#include "processing/pipeline/ParameterRegistry.h"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace xrayprep::processing {
namespace {

std::string formatNumber(double v) { return dumpJson(Json(v), -1); }

[[noreturn]] void badValue(const std::string& key, const std::string& why) {
    throw std::invalid_argument("parameter " + key + ": " + why);
}

double numberIn(const ParameterDescriptor& d, const Json& v) {
    if (!v.is_number()) badValue(d.key, "expected a number, got " + dumpJson(v, -1));
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < d.minimum || x > d.maximum) {
        badValue(d.key, formatNumber(x) + " is outside " + formatNumber(d.minimum) + ".." +
                            formatNumber(d.maximum));
    }
    if (d.kind == ParameterKind::Integer && x != std::floor(x)) {
        badValue(d.key, formatNumber(x) + " is not an integer");
    }
    return x;
}

// An integer or real parameter bound to a member of PipelineParameters.
template <typename Member>
ParameterDescriptor numeric(ParameterKind kind, std::string key, StageId stage, Member member,
                            double lo, double hi, std::string unit, std::string help) {
    ParameterDescriptor d{std::move(key),  stage,           kind, lo, hi, {},
                          std::move(unit), std::move(help), {},   {}};
    d.get = [member](const PipelineParameters& p) { return Json(static_cast<double>(member(p))); };
    d.set = [member, d](PipelineParameters& p, const Json& v) {
        using Value = std::remove_reference_t<decltype(member(p))>;
        member(p) = static_cast<Value>(numberIn(d, v));
    };
    return d;
}

template <typename... Args>
ParameterDescriptor integer(Args&&... args) {
    return numeric(ParameterKind::Integer, std::forward<Args>(args)...);
}

template <typename... Args>
ParameterDescriptor real(Args&&... args) {
    return numeric(ParameterKind::Real, std::forward<Args>(args)...);
}

template <typename Enum, typename Member>
ParameterDescriptor choice(std::string key, StageId stage, Member member,
                           std::vector<std::pair<std::string, Enum>> options, std::string help) {
    ParameterDescriptor d{
        std::move(key), stage, ParameterKind::Choice, 0, 0, {}, "", std::move(help), {}, {}};
    for (const auto& o : options) d.choices.push_back(o.first);
    d.get = [member, options](const PipelineParameters& p) {
        for (const auto& o : options) {
            if (o.second == member(p)) return Json(o.first);
        }
        return Json();
    };
    d.set = [member, options, key = d.key, choices = d.choices](PipelineParameters& p,
                                                                const Json& v) {
        if (v.is_string()) {
            for (const auto& o : options) {
                if (o.first == v.get_ref<const std::string&>()) {
                    member(p) = o.second;
                    return;
                }
            }
        }
        std::string list;
        for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
        badValue(key, "expected one of " + list + ", got " + dumpJson(v, -1));
    };
    return d;
}

#define XP_FIELD(path) \
    [](auto& p) -> auto& { return p.path; }

std::vector<ParameterDescriptor> buildDescriptors() {
    using S = StageId;
    std::vector<ParameterDescriptor> all;
    {
        all.push_back(real("scale.assumedFieldMm", S::Median, XP_FIELD(scale.assumedFieldMm), 10,
                           2000, "mm",
                           "Without a pixel spacing in the file, the image's longer side is "
                           "taken to span this many millimetres, so sizes in mm still follow "
                           "the image (a foot film: about 300 mm)."));
        all.push_back(real("median.sizeMm", S::Median, XP_FIELD(median.sizeMm), 0.1, 20, "mm",
                           "Side of the square median window in millimetres (used when "
                           "median.size is 0). Removes noise and thin text, keeps thin bones."));
        auto d = integer("median.size", S::Median, XP_FIELD(median.size), 0, 101, "px",
                         "Side of the square median window in pixels (odd); 0 = from "
                         "median.sizeMm and the pixel size; 1 switches the filter off.");
        auto base = d.set;
        d.set = [base](PipelineParameters& p, const Json& v) {
            base(p, v);
            if (p.median.size != 0 && p.median.size % 2 == 0) {
                badValue("median.size", formatNumber(p.median.size) + " is even; use an odd size");
            }
        };
        all.push_back(std::move(d));
    }
    all.push_back(choice<ThresholdMethod>(
        "threshold.method", S::Threshold, XP_FIELD(threshold.method),
        {{"background", ThresholdMethod::Background},
         {"valley", ThresholdMethod::Valley},
         {"otsu", ThresholdMethod::Otsu},
         {"manual", ThresholdMethod::Manual}},
        "background: only the background's histogram peak goes (bone from tissue is the contour's "
        "job); valley: the source study's trough rule; otsu; manual."));
    {
        auto d =
            integer("threshold.smoothBins", S::Threshold, XP_FIELD(threshold.smoothBins), 1, 63,
                    "bins", "Width of the moving average over histogram bins (odd, 1 = none).");
        auto base = d.set;
        d.set = [base](PipelineParameters& p, const Json& v) {
            base(p, v);
            if (p.threshold.smoothBins % 2 == 0) {
                badValue("threshold.smoothBins", "must be odd");
            }
        };
        all.push_back(std::move(d));
    }
    all.push_back(real("threshold.minPeakFraction", S::Threshold,
                       XP_FIELD(threshold.minPeakFraction), 0.001, 0.999, "fraction",
                       "A trough is taken when the pixels since the previous trough reach this "
                       "fraction of the image (valley)."));
    all.push_back(integer("threshold.value", S::Threshold, XP_FIELD(threshold.manualValue), 0,
                          65535, "stored value",
                          "Manual threshold: stored values at or below it become 0."));

    all.push_back(choice<ContourMethod>(
        "contour.method", S::Contour, XP_FIELD(contour.method),
        {{"regions", ContourMethod::Regions},
         {"snake", ContourMethod::Snake},
         {"chan-vese", ContourMethod::ChanVese}},
        "regions: local bone/tissue statistics, enclosed pockets filled, outline placed on the "
        "Sobel edges; snake: parametric contours driven by gradient vector flow; chan-vese: "
        "region level set."));
    all.push_back(real("contour.minAreaMm2", S::Contour, XP_FIELD(contour.minAreaMm2), 0, 1e6,
                       "mm²",
                       "Bone pieces smaller than this are dropped (used when "
                       "contour.minArea is 0)."));
    all.push_back(integer("contour.minArea", S::Contour, XP_FIELD(contour.minArea), 0, 1e9, "px²",
                          "Smallest piece kept, in full-resolution pixels; 0 = from "
                          "contour.minAreaMm2."));
    all.push_back(real("contour.workingMm", S::Contour, XP_FIELD(contour.workingMm), 0.01, 10, "mm",
                       "Pixel size of the reduced image the contour works on (used when "
                       "contour.workingSize is 0)."));
    all.push_back(integer("contour.workingSize", S::Contour, XP_FIELD(contour.workingSize), 0,
                          16384, "px",
                          "Longer side of the reduced image the contour works on; 0 = from "
                          "contour.workingMm."));
    all.push_back(real("contour.anatomyOpenMm", S::Contour, XP_FIELD(contour.anatomyOpenMm), 0.1,
                       20, "mm",
                       "regions: opening of the anatomy; removes clothing folds, lines and text "
                       "touching the skin."));
    all.push_back(real("contour.stripTolerance", S::Contour, XP_FIELD(contour.stripTolerance),
                       0.005, 0.5, "fraction",
                       "regions: how uniform (of the value range) the lines of a band along an "
                       "image side must be to count as shutter or collimation."));
    all.push_back(real("contour.platformStep", S::Contour, XP_FIELD(contour.platformStep), 0.001,
                       0.5, "fraction",
                       "regions: a straight step up towards an image side, this part of the "
                       "value range across most of the image, marks a platform."));
    all.push_back(real("contour.backgroundCeiling", S::Contour, XP_FIELD(contour.backgroundCeiling),
                       0.01, 1, "fraction",
                       "regions: how far the background flood may climb from the dark border "
                       "level towards the bright anatomy (95th percentile); higher also floods "
                       "thin, dark soft tissue, lower stops at gradients in the air."));
    all.push_back(real("contour.skinMm", S::Contour, XP_FIELD(contour.skinMm), 0.1, 20, "mm",
                       "regions: edges this close to the skin are not taken as bone edges."));
    all.push_back(real("contour.soleMm", S::Contour, XP_FIELD(contour.soleMm), 0, 30, "mm",
                       "regions: edges this close to a platform the foot stands on are the "
                       "sole's skin, not bone edges."));
    all.push_back(real("contour.plantarMm", S::Contour, XP_FIELD(contour.plantarMm), 0, 100, "mm",
                       "regions: on a weight-bearing film, anatomy from which rays towards the "
                       "platform reach the sole within this distance without crossing a bone "
                       "edge or confident bone is plantar soft tissue, not bone; 0 = off."));
    all.push_back(real("contour.edgeLevelSigmaMm", S::Contour, XP_FIELD(contour.edgeLevelSigmaMm),
                       1, 100, "mm",
                       "regions: scale of the local edge level, the bone/tissue threshold that "
                       "follows the soft tissue's thickness."));
    all.push_back(real("contour.enclosureMm", S::Contour, XP_FIELD(contour.enclosureMm), 1, 200,
                       "mm",
                       "regions: how far rays look for bone edges around a pixel (enclosed "
                       "interiors of hollow-looking bones are bone)."));
    all.push_back(real("contour.levelSigmaMm", S::Contour, XP_FIELD(contour.levelSigmaMm), 1, 100,
                       "mm", "regions: scale of the local tissue and bone levels."));
    all.push_back(real("contour.boneLevel", S::Contour, XP_FIELD(contour.boneLevel), 0, 1,
                       "fraction",
                       "regions: bone is brighter than tissue by this part of the local "
                       "bone - tissue contrast."));
    all.push_back(real("contour.fillLevel", S::Contour, XP_FIELD(contour.fillLevel), 0, 1,
                       "fraction",
                       "regions: interiors enclosed by bone edges need only this part of the "
                       "contrast."));
    all.push_back(real("contour.bandMm", S::Contour, XP_FIELD(contour.bandMm), 0.1, 20, "mm",
                       "regions: half-width of the band in which the Sobel edges place the "
                       "outline."));
    all.push_back(real("contour.closeMm", S::Contour, XP_FIELD(contour.closeMm), 0, 30, "mm",
                       "regions: final closing; gaps narrower than twice this become bone."));
    all.push_back(real("contour.textureFillMm", S::Contour, XP_FIELD(contour.textureFillMm), 0, 100,
                       "mm",
                       "regions: anatomy beside the bone with the fine texture of bone (what the "
                       "median removed, above 2.2 x the soft tissue's, 4 mm or more inside the "
                       "anatomy) is filled where a disk of this radius fits in it: a "
                       "hollow-looking calcaneus; 0 = off."));
    all.push_back(real("contour.holeMaxMm2", S::Contour, XP_FIELD(contour.holeMaxMm2), 0, 1e6,
                       "mm²",
                       "regions: holes left among several bones after the closing are filled "
                       "up to this area."));
    all.push_back(real("contour.alpha", S::Contour, XP_FIELD(contour.alpha), 0, 100, "",
                       "Snake elasticity (resists stretching)."));
    all.push_back(real("contour.beta", S::Contour, XP_FIELD(contour.beta), 0, 100, "",
                       "Snake rigidity (resists bending)."));
    all.push_back(real("contour.gamma", S::Contour, XP_FIELD(contour.gamma), 1e-4, 100, "",
                       "Snake step size (inverse viscosity)."));
    all.push_back(real("contour.kappa", S::Contour, XP_FIELD(contour.kappa), 0, 100, "",
                       "Weight of the gradient-vector-flow force."));
    all.push_back(real("contour.balloon", S::Contour, XP_FIELD(contour.balloon), -10, 10, "",
                       "Pressure along the normal (positive inflates)."));
    all.push_back(real("contour.pointSpacing", S::Contour, XP_FIELD(contour.pointSpacing), 0.5, 50,
                       "px", "Distance between snake points after resampling."));
    all.push_back(real("contour.epsilon", S::Contour, XP_FIELD(contour.epsilon), 0, 10, "px",
                       "The snake stops when its mean displacement stays below this."));
    all.push_back(integer("contour.maxIterations", S::Contour, XP_FIELD(contour.maxIterations), 0,
                          100000, "", "Upper bound on snake iterations."));
    all.push_back(real("contour.gvfMu", S::Contour, XP_FIELD(contour.gvfMu), 0, 0.25, "",
                       "Gradient vector flow regularisation."));
    all.push_back(integer("contour.gvfIterations", S::Contour, XP_FIELD(contour.gvfIterations), 0,
                          10000, "", "Gradient vector flow iterations."));
    all.push_back(real("contour.cvMu", S::Contour, XP_FIELD(contour.cvMu), 0, 100, "",
                       "Chan-Vese curvature (length) weight."));
    all.push_back(real("contour.cvLambda1", S::Contour, XP_FIELD(contour.cvLambda1), 0, 100, "",
                       "Chan-Vese weight of the inside fit."));
    all.push_back(real("contour.cvLambda2", S::Contour, XP_FIELD(contour.cvLambda2), 0, 100, "",
                       "Chan-Vese weight of the outside fit."));
    all.push_back(real("contour.cvDt", S::Contour, XP_FIELD(contour.cvDt), 1e-4, 10, "",
                       "Chan-Vese time step."));
    all.push_back(integer("contour.cvIterations", S::Contour, XP_FIELD(contour.cvIterations), 0,
                          100000, "", "Chan-Vese iterations."));

    all.push_back(real("quality.minArea", S::Mask, XP_FIELD(quality.minAreaFraction), 0, 1,
                       "fraction",
                       "Check empty: the mask needs at least this share of the "
                       "anatomy (an empty mask always fails)."));
    all.push_back(real("quality.maxCoverage", S::Mask, XP_FIELD(quality.maxAnatomyCoverage), 0, 1,
                       "fraction",
                       "Check whole-anatomy: a mask covering this share of the "
                       "anatomy or more kept the soft tissue."));
    all.push_back(real("quality.maxBorderRun", S::Mask, XP_FIELD(quality.maxBorderRun), 0, 1,
                       "fraction",
                       "Check border: the mask may run along an image edge for less "
                       "than this share of it (bones leaving the image are shorter)."));
    all.push_back(real("quality.minStraightLength", S::Mask, XP_FIELD(quality.minStraightLength), 0,
                       1, "fraction",
                       "Check straight-edge: a straight outline piece this long, as a share of "
                       "the image side it runs along, is a platform, collimator band or cut."));
    all.push_back(real("quality.straightAngle", S::Mask, XP_FIELD(quality.straightAngle), 0, 45,
                       "°", "Check straight-edge: how far from an image axis an edge may lean."));
    all.push_back(real("quality.straightTolerance", S::Mask, XP_FIELD(quality.straightTolerance), 0,
                       100, "px",
                       "Check straight-edge: how far a straight edge's pixels may "
                       "leave its line (the larger of this and the tolerance in mm)."));
    all.push_back(real("quality.straightToleranceMm", S::Mask,
                       XP_FIELD(quality.straightToleranceMm), 0, 100, "mm",
                       "Check straight-edge: the same tolerance in mm, when the spacing is "
                       "known."));
    all.push_back(real("quality.minStraightContrast", S::Mask,
                       XP_FIELD(quality.minStraightContrast), 0, 1, "fraction",
                       "Check straight-edge: a straight edge with the image brighter inside "
                       "than outside by this share of the anatomy's range is a bone's own edge "
                       "(a tibia's shaft) and passes."));
    all.push_back(real("quality.minFraction", S::Mask, XP_FIELD(quality.minBoneFraction), 0, 1,
                       "fraction",
                       "Check fraction: the least plausible share of bone in the "
                       "anatomy."));
    all.push_back(real("quality.maxFraction", S::Mask, XP_FIELD(quality.maxBoneFraction), 0, 1,
                       "fraction",
                       "Check fraction: the largest plausible share of bone in the "
                       "anatomy."));
    all.push_back(real("quality.smallFragment", S::Mask, XP_FIELD(quality.smallFragment), 0, 1,
                       "fraction",
                       "Check fragments: a piece below this share of the mask's "
                       "area is a small fragment."));
    all.push_back(integer("quality.maxSmallFragments", S::Mask, XP_FIELD(quality.maxSmallFragments),
                          0, 1e6, "pieces",
                          "Check fragments: more small fragments than this need review."));
    all.push_back(integer("quality.maxFragments", S::Mask, XP_FIELD(quality.maxFragments), 0, 1e6,
                          "pieces", "Check fragments: more pieces than this need review."));
    all.push_back(real("quality.maxTexturedGap", S::Mask, XP_FIELD(quality.maxTexturedGapMm2), 0,
                       1e6, "mm²",
                       "Check textured-gap: more anatomy than this with the fine texture of bone "
                       "(what the median removed) left out of the mask needs review: a "
                       "hollow-looking calcaneus is missing."));
    all.push_back(real("quality.textureRatio", S::Mask, XP_FIELD(quality.textureRatio), 1, 100,
                       "x tissue",
                       "Check textured-gap: texture above this multiple of the deep soft tissue's "
                       "(outside the mask) is bone-like."));
    all.push_back(real("quality.textureDepth", S::Mask, XP_FIELD(quality.textureDepthMm), 0, 1000,
                       "mm",
                       "Check textured-gap: only anatomy at least this far inside its outline "
                       "counts (not the skin)."));
    all.push_back(real("quality.textureThickness", S::Mask, XP_FIELD(quality.textureThicknessMm), 0,
                       1000, "mm",
                       "Check textured-gap: only what a disk of this radius inside it reaches "
                       "counts (not the seams along bone outlines)."));

    all.push_back(real("esf.rho", S::Esf, XP_FIELD(esf.rho), 0.1, 10000, "px",
                       "Smoothing scale of the edge strength function."));
    all.push_back(real("esf.dt", S::Esf, XP_FIELD(esf.dt), 1e-6, 0.25, "",
                       "Explicit time step; must stay below 1 / (4 + 1/rho²)."));
    all.push_back(integer("esf.iterations", S::Esf, XP_FIELD(esf.iterations), 0, 1000000, "",
                          "Explicit iterations."));
    all.push_back(
        choice<EsfMode>("esf.mode", S::Esf, XP_FIELD(esf.mode),
                        {{"explicit", EsfMode::Explicit}, {"converged", EsfMode::Converged}},
                        "explicit: fixed number of steps; converged: steady state."));
    all.push_back(choice<EsfShape>("esf.shape", S::Esf, XP_FIELD(esf.shape),
                                   {{"boundary", EsfShape::Boundary}, {"mask", EsfShape::Mask}},
                                   "Pixels held at 1: the mask boundary or the whole mask."));
    all.push_back(real("esf.tolerance", S::Esf, XP_FIELD(esf.tolerance), 1e-12, 1e-1, "",
                       "Relative residual the converged mode solves to."));
    return all;
}

#undef XP_FIELD

Json parseScalar(std::string_view text) {
    double v = 0.0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (!text.empty() && res.ec == std::errc() && res.ptr == text.data() + text.size()) {
        return Json(v);
    }
    return Json(std::string(text));
}

void applyOne(PipelineParameters& params, const std::string& key, const Json& value) {
    const ParameterDescriptor* d = findParameter(key);
    if (!d) throw std::invalid_argument("unknown parameter " + key);
    PipelineParameters updated = params;  // a rejected value leaves params unchanged
    d->set(updated, value);
    params = updated;
}

}  // namespace

const std::vector<ParameterDescriptor>& parameterDescriptors() {
    static const std::vector<ParameterDescriptor> all = buildDescriptors();
    return all;
}

const ParameterDescriptor* findParameter(std::string_view key) {
    for (const auto& d : parameterDescriptors()) {
        if (d.key == key) return &d;
    }
    return nullptr;
}

void setParameterFromText(PipelineParameters& params, std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        throw std::invalid_argument("expected STAGE.PARAM=VALUE, got '" + std::string(assignment) +
                                    "'");
    }
    applyOne(params, std::string(assignment.substr(0, eq)), parseScalar(assignment.substr(eq + 1)));
}

Json parametersToJson(const PipelineParameters& params) {
    Json out = Json::object();
    for (const auto& d : parameterDescriptors()) out[d.key] = d.get(params);
    return out;
}

void applyParametersJson(PipelineParameters& params, const Json& preset) {
    const auto body = preset.find("parameters");  // end() when preset is no object
    const Json& obj = body != preset.end() ? *body : preset;
    if (!obj.is_object()) throw std::invalid_argument("preset: expected a JSON object");
    PipelineParameters updated = params;  // all or nothing
    for (const auto& [key, value] : obj.items()) {
        if (value.is_object()) {
            for (const auto& [sub, subValue] : value.items()) {
                applyOne(updated, key + "." + sub, subValue);
            }
        } else if (key == "format" || key == "version") {
            continue;
        } else {
            applyOne(updated, key, value);
        }
    }
    params = updated;
}

void applyPresetText(PipelineParameters& params, const std::string& text) {
    applyParametersJson(params, parseJson(text));
}

Json presetJson(const PipelineParameters& params) {
    Json doc = Json::object();
    doc["format"] = "xrayprep-preset";
    doc["version"] = 1;
    doc["parameters"] = parametersToJson(params);
    return doc;
}

}  // namespace xrayprep::processing
