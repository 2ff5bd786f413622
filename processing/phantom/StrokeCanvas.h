#pragma once

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Draws thick line segments (round caps) given in design millimetres into a Mask of any size,
// so text and markers scale with the image like the anatomy. A stroke never gets thinner than
// about one pixel, so it stays visible on small images.
class StrokeCanvas {
  public:
    StrokeCanvas(Mask& mask, double fieldWidthMm, double fieldHeightMm);

    void segment(double x0, double y0, double x1, double y1, double widthMm);

  private:
    Mask& mask_;
    double pxPerMmX_;
    double pxPerMmY_;
};

}  // namespace xrayprep::processing
