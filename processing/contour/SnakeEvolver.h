#pragma once

#include "processing/contour/ActiveContour.h"
#include "processing/contour/GradientVectorFlow.h"
#include "processing/core/CancelToken.h"

namespace xrayprep::processing {

// Parameters of one snake, in pixels of the grid it evolves on.
struct SnakeSettings {
    double alpha = 0.1;
    double beta = 0.05;
    double gamma = 1.0;
    double kappa = 1.0;
    double balloon = 0.0;    // along the outward normal
    double spacing = 3.0;    // between resampled points
    double epsilon = 0.01;   // mean normal displacement per iteration that stops the snake ...
    int calmIterations = 3;  // ... once it stays below it for this many iterations
    int maxIterations = 300;
    int resampleEvery = 5;  // iterations between arc-length resamplings
    int minPoints = 8;
};

// Evolves one closed snake (region on its right, as ContourTracer returns it) under the GVF
// force by the semi-implicit scheme x_new = (I + gamma A)^-1 (x + gamma (kappa F(x) + p n)).
// Points stay within the field's outer pixel edges. Returns the number of iterations run.
class SnakeEvolver {
  public:
    int operator()(Contour& snake, const VectorField& force, const SnakeSettings& settings,
                   const CancelToken* cancel = nullptr) const;
};

}  // namespace xrayprep::processing
