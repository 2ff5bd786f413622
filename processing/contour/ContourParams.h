#pragma once

namespace xrayprep::processing {

enum class ContourMethod { Snake, ChanVese };

// Parameters of the active-contour stage. Lengths are in pixels of the full-resolution image.
struct ContourParams {
    ContourMethod method = ContourMethod::ChanVese;
    int minArea = 400;  // px^2: smaller foreground components are not initialised / kept
    // The contour works on an image reduced so that its longer side is at most this
    // (0 = full resolution); contours come back in full-resolution coordinates.
    int workingSize = 1024;

    // snake
    double alpha = 0.1;          // elasticity
    double beta = 0.05;          // rigidity
    double gamma = 1.0;          // step (inverse viscosity)
    double kappa = 1.0;          // external (GVF) force weight
    double balloon = 0.0;        // pressure along the normal (+ outward)
    double pointSpacing = 3.0;   // px between resampled points (working resolution)
    double epsilon = 0.01;       // mean displacement (px) that stops the snake
    int maxIterations = 300;
    double gvfMu = 0.2;
    int gvfIterations = 80;

    // chan-vese
    double cvMu = 0.2;           // curvature weight
    double cvLambda1 = 1.0;
    double cvLambda2 = 1.0;
    double cvDt = 0.5;
    int cvIterations = 200;

    bool operator==(const ContourParams&) const = default;
};

const char* toString(ContourMethod m);

}  // namespace xrayprep::processing
