#include "ui/data/ParameterLabels.h"

#include <cctype>
#include <map>

namespace xrayprep::ui {

namespace {

std::string valueText(const processing::Json& value) {
    return value.is_string() ? value.get<std::string>() : processing::dumpJson(value, -1);
}

}  // namespace

std::string parameterLabel(std::string_view key) {
    static const std::map<std::string, const char*, std::less<>> labels = {
        {"scale.assumedFieldMm", "Field without spacing"},
        {"median.sizeMm", "Window (mm)"},
        {"median.size", "Window (px)"},
        {"threshold.method", "Method"},
        {"threshold.smoothBins", "Histogram smoothing"},
        {"threshold.minPeakFraction", "Min. peak fraction"},
        {"threshold.value", "Threshold value"},
        {"contour.method", "Method"},
        {"contour.minAreaMm2", "Min. area (mm²)"},
        {"contour.minArea", "Min. area (px²)"},
        {"contour.workingMm", "Working pixel (mm)"},
        {"contour.workingSize", "Working size (px)"},
        {"contour.anatomyOpenMm", "Anatomy opening"},
        {"contour.stripTolerance", "Band uniformity"},
        {"contour.platformStep", "Platform step"},
        {"contour.backgroundCeiling", "Background ceiling"},
        {"contour.skinMm", "Skin band"},
        {"contour.soleMm", "Sole band"},
        {"contour.plantarMm", "Plantar reach"},
        {"contour.edgeLevelSigmaMm", "Edge level scale"},
        {"contour.enclosureMm", "Enclosure reach"},
        {"contour.levelSigmaMm", "Level scale"},
        {"contour.boneLevel", "Bone level"},
        {"contour.fillLevel", "Interior level"},
        {"contour.bandMm", "Edge band"},
        {"contour.closeMm", "Final closing"},
        {"contour.holeMaxMm2", "Max. hole filled"},
        {"contour.textureFillMm", "Texture fill"},
        {"contour.alpha", "Elasticity α"},
        {"contour.beta", "Rigidity β"},
        {"contour.gamma", "Step γ"},
        {"contour.kappa", "GVF weight κ"},
        {"contour.balloon", "Balloon pressure"},
        {"contour.pointSpacing", "Point spacing"},
        {"contour.epsilon", "Stop below ε"},
        {"contour.maxIterations", "Max. iterations"},
        {"contour.gvfMu", "GVF μ"},
        {"contour.gvfIterations", "GVF iterations"},
        {"contour.cvMu", "Curvature μ"},
        {"contour.cvLambda1", "Inside weight λ₁"},
        {"contour.cvLambda2", "Outside weight λ₂"},
        {"contour.cvDt", "Time step"},
        {"contour.cvIterations", "Max. iterations"},
        {"esf.rho", "Scale ρ"},
        {"esf.dt", "Time step"},
        {"esf.iterations", "Iterations"},
        {"esf.mode", "Mode"},
        {"esf.shape", "Shape pixels"},
        {"esf.tolerance", "Tolerance"},
        {"quality.minArea", "Empty below"},
        {"quality.maxCoverage", "Whole anatomy from"},
        {"quality.maxBorderRun", "Border run from"},
        {"quality.minStraightLength", "Straight edge from"},
        {"quality.straightAngle", "Straight edge angle"},
        {"quality.straightTolerance", "Straightness"},
        {"quality.straightToleranceMm", "Straightness (mm)"},
        {"quality.minFraction", "Min. bone fraction"},
        {"quality.maxFraction", "Max. bone fraction"},
        {"quality.smallFragment", "Small fragment below"},
        {"quality.maxSmallFragments", "Max. small fragments"},
        {"quality.maxFragments", "Max. pieces"},
    };
    const auto it = labels.find(key);
    if (it != labels.end()) return it->second;
    const std::string_view name = key.substr(key.find('.') + 1);
    std::string out;
    for (const char c : name) {
        if (std::isupper(static_cast<unsigned char>(c)) && !out.empty()) {
            out += ' ';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            out += out.empty() ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        }
    }
    return out;
}

std::string parameterChangeText(const processing::ParameterDescriptor& d,
                                const processing::Json& before, const processing::Json& after) {
    // The stage's name first: several stages have a "Method" or a "Time step".
    std::string stage = processing::toString(d.stage);
    if (stage == "esf") {
        stage = "ESF";
    } else if (!stage.empty()) {
        stage[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(stage[0])));
    }
    std::string label = parameterLabel(d.key);
    if (!label.empty())
        label[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(label[0])));
    return stage + " " + label + ": " + valueText(before) + " → " + valueText(after);
}

}  // namespace xrayprep::ui
