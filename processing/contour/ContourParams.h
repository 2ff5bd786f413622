#pragma once

namespace xrayprep::processing {

enum class ContourMethod { Snake, ChanVese };

// Parameters of the active-contour stage. minArea is in pixels of the full-resolution image;
// the other lengths are in pixels of the working grid (see workingSize).
struct ContourParams {
    // chan-vese is the default: on the synthetic phantom both methods reach Dice > 0.98, but on
    // real radiographs whose threshold keeps the soft tissue (NEMA RG3) the snakes, started on
    // the threshold foreground, stay on the skin line while chan-vese separates the bones.
    ContourMethod method = ContourMethod::ChanVese;
    int minArea = 400;  // px^2: smaller foreground components are not initialised / kept
    // The contour works on an image reduced so that its longer side is at most this
    // (0 = full resolution); contours come back in full-resolution coordinates.
    int workingSize = 1024;

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
