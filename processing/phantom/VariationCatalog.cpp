#include "processing/phantom/VariationCatalog.h"

#include <stdexcept>
#include <string>

namespace xrayprep::processing {

const std::vector<NamedVariation>& VariationCatalog::all() {
    using P = PhantomParams;
    static const std::vector<NamedVariation> list = {
        {"dark-bg", "collimation darker than soft tissue, brighter than air, on every free side",
         [](P& p) { p.variation.darkCollimation = true; }},
        {"dark-bg-rotated", "dark collimation tilted by 1-5 degrees",
         [](P& p) { p.variation.darkCollimation = p.variation.rotatedCollimation = true; }},
        {"shutters", "bright shutter bands (brighter than bone, soft inner edge) on free sides",
         [](P& p) { p.secondaryBackground = true; }},
        {"shutters-rotated", "bright shutter bands tilted by 1-5 degrees",
         [](P& p) { p.secondaryBackground = p.variation.rotatedCollimation = true; }},
        {"platform", "standing platform under a lateral foot, to both side borders",
         [](P& p) { p.variation.platform = true; }},
        {"ball", "steel calibration ball, 20-30 mm",
         [](P& p) { p.variation.calibrationBall = true; }},
        {"ruler", "burned-in ruler ticks along an edge or along the platform",
         [](P& p) { p.variation.ruler = true; }},
        {"marker", "lead letter L/R, 20-30 mm tall, 3-4.5 mm strokes, >= 10 mm from the skin",
         [](P& p) { p.orientationMarker = true; }},
        {"marker-skin", "lead letter touching the skin (>= 4 mm from bone)",
         [](P& p) { p.orientationMarker = p.variation.markerNearSkin = true; }},
        {"text", "burned-in text lines (5x7 font) beside the limb",
         [](P& p) { p.burnedInText = true; }},
        {"arrows", "thin bright annotation arrows, one ending in the soft tissue next to a bone",
         [](P& p) { p.variation.annotationArrows = true; }},
        {"gradient", "steep soft-tissue thickness gradient: thick tissue as bright as thin bones",
         [](P& p) { p.variation.tissueGradient = true; }},
        {"hollow", "bright cortex, dark cancellous interior",
         [](P& p) { p.variation.hollowBones = true; }},
        {"overlap", "rays pushed together: metatarsal bases and toes overlap",
         [](P& p) { p.variation.overlappingBones = true; }},
        {"child", "child: smaller bones, open growth plates",
         [](P& p) { p.variation.child = true; }},
        {"under", "under-exposed: compressed into the dark third",
         [](P& p) { p.variation.exposure = PhantomExposure::Under; }},
        {"over", "over-exposed: washed out, bones flattened by the shoulder",
         [](P& p) { p.variation.exposure = PhantomExposure::Over; }},
        {"low-contrast", "low contrast: everything within a third of full scale, grey air",
         [](P& p) { p.variation.exposure = PhantomExposure::LowContrast; }},
        {"edge-enhanced", "unsharp-mask processing: halos along every edge",
         [](P& p) { p.variation.edgeEnhanced = true; }},
        {"border-rim", "bright rim along the top and other sides: white frame line or halo",
         [](P& p) { p.variation.borderRim = true; }},
        {"salt-pepper", "1 % impulse noise", [](P& p) { p.saltPepperFraction = 0.01; }},
        {"jpeg", "8x8 block-DCT loss (JPEG quality 30-60)",
         [](P& p) { p.variation.jpegBlocks = true; }},
        {"fixed-anatomy", "the seed drives only noise and layout, not the anatomy",
         [](P& p) { p.variation.seededAnatomy = false; }},
        {"mono1", "stored as MONOCHROME1", [](P& p) { p.photometric = Photometric::Monochrome1; },
         true},
        {"8bit", "8 bits stored", [](P& p) { p.bitsStored = 8; }, true},
        {"10bit", "10 bits stored", [](P& p) { p.bitsStored = 10; }, true},
        {"16bit", "16 bits stored", [](P& p) { p.bitsStored = 16; }, true},
        {"no-spacing", "no pixel spacing in the metadata",
         [](P& p) { p.spacingInMetadata = false; }, true},
    };
    return list;
}

const NamedVariation* VariationCatalog::find(std::string_view name) {
    for (const NamedVariation& v : all()) {
        if (v.name == name) return &v;
    }
    return nullptr;
}

void VariationCatalog::apply(PhantomParams& params, std::string_view list) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string_view name = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        if (name.empty() || name == "plain") continue;
        const NamedVariation* v = find(name);
        if (!v)
            throw std::invalid_argument("unknown phantom variation '" + std::string(name) + "'");
        v->apply(params);
    }
}

PhantomParams VariationCatalog::plain(PhantomView view) {
    PhantomParams p;
    p.view = view;
    p.model = PhantomModel::Projection;
    p.secondaryBackground = false;
    p.burnedInText = false;
    p.orientationMarker = false;
    p.saltPepperFraction = 0.0;
    return p;
}

std::vector<PhantomView> VariationCatalog::allViews() {
    return {PhantomView::Planar, PhantomView::Lateral, PhantomView::WeightBearingLateral,
            PhantomView::AnkleAP, PhantomView::Oblique};
}

std::optional<PhantomView> VariationCatalog::viewFromName(std::string_view name) {
    for (PhantomView v : allViews()) {
        if (name == toString(v)) return v;
    }
    return std::nullopt;
}

}  // namespace xrayprep::processing
