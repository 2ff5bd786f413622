#pragma once

namespace xrayprep::processing {

enum class ContourMethod { Snake, ChanVese, Regions };

// Parameters of the active-contour stage. Lengths ending in Mm are millimetres, converted with
// the pixel size (PixelScale); the others are pixels of the working grid unless stated.
struct ContourParams {
    // regions is the default: on real radiographs (bright thick soft tissue, hollow-looking
    // bones, platforms and shutters) it isolates the bones where snake and chan-vese, started
    // from a global threshold, keep soft tissue or lose the bones; the phantom's bones it
    // finds as well as they do.
    ContourMethod method = ContourMethod::Regions;
    // Smaller pieces are dropped: minArea full-resolution px^2 when > 0, else minAreaMm2.
    int minArea = 0;
    double minAreaMm2 = 8.0;
    // The contour works on an image reduced so that a pixel is about workingMm wide, or whose
    // longer side is at most workingSize when that is > 0; contours come back in
    // full-resolution coordinates.
    int workingSize = 0;
    double workingMm = 0.5;

    // regions (BoneRegionsMethod)
    double anatomyOpenMm = 2.5;    // opening of the anatomy: clothing folds, lines, text
    double stripTolerance = 0.08;  // line uniformity of border bands, of the value range
    double platformStep = 0.010;   // step up towards a side that marks a platform, of the range
    // The background flood reaches from the border's dark level this part of the way up to the
    // bright anatomy (95th percentile). 0.15, not 0.5: at 0.5 the flood crossed faint skin
    // edges into thin, dark soft tissue (heel pad, Kager's fat pad, calf, the soft tissue
    // beside the fibula) and the bone outline became the skin; measured on films and phantoms
    // (docs/QUALITY.md).
    double backgroundCeiling = 0.15;
    // Edges this close to a platform the foot stands on are the sole's skin, not bone edges:
    // without this the sole's edge set the bone/tissue level under a weight-bearing foot low
    // and its plantar soft tissue was bone (4.5 mm above the platform on a film; docs/QUALITY.md).
    double soleMm = 6.0;
    // On a weight-bearing film, anatomy from which rays towards the platform reach the sole band
    // within this distance without crossing a bone edge or confident bone is plantar soft
    // tissue (PlantarTissueFinder): without it the thick tissue under the arch, as bright as
    // the bones' dim interiors, was bone down to the sole on half the weight-bearing films
    // (docs/QUALITY.md); 0 = off.
    double plantarMm = 30.0;
    double skinMm = 2.0;             // edges this close to the skin are not bone edges
    double edgeLevelSigmaMm = 10.0;  // scale of the local edge level (bone/tissue threshold)
    double enclosureMm = 35.0;       // how far the enclosure rays look for bone edges
    double levelSigmaMm = 8.0;       // scale of the local tissue and bone levels
    double boneLevel = 0.30;         // bone: above tissue + this part of (bone - tissue)
    double fillLevel = 0.15;         // enclosed interiors: above tissue + this part
    double bandMm = 1.0;             // band around the candidate where the edges decide
    double closeMm = 4.0;            // final closing: gaps narrower than twice this are bone
    double holeMaxMm2 = 150.0;       // holes the closing leaves, up to this area, are filled
    // Left-out anatomy next to the bone with the fine texture of bone (TexturedGapFinder: a
    // hollow-looking calcaneus whose interior is no brighter than the heel's tissue) is filled
    // where a disk of this radius inside it reaches, with the seams the closing then bridges
    // and the holes it closes off; 0 = never.
    double textureFillMm = 5.0;

    // snake
    double alpha = 0.1;         // elasticity
    double beta = 0.05;         // rigidity
    double gamma = 1.0;         // step (inverse viscosity)
    double kappa = 1.0;         // external (GVF) force weight
    double balloon = 0.0;       // pressure along the normal (+ outward)
    double pointSpacing = 3.0;  // px between resampled points (working resolution)
    // A snake stops once its mean displacement along the normal stays below epsilon (px per
    // iteration) for 3 iterations in a row, or after maxIterations.
    double epsilon = 0.01;
    int maxIterations = 300;
    double gvfMu = 0.2;
    int gvfIterations = 80;

    // chan-vese
    // Curvature weight, with the intensities scaled so that the anatomy's two class means are
    // 0 and 1 (about the radius in px below which a feature of full contrast is smoothed away).
    double cvMu = 0.2;
    double cvLambda1 = 1.0;
    double cvLambda2 = 1.0;
    double cvDt = 0.5;
    int cvIterations = 200;  // at most; stops earlier once the region has settled

    bool operator==(const ContourParams&) const = default;
};

const char* toString(ContourMethod m);

}  // namespace xrayprep::processing
