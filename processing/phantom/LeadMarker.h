#pragma once

#include "processing/phantom/FootScene.h"
#include "processing/phantom/StrokeCanvas.h"

namespace xrayprep::processing {

// The lead orientation letter ('R' or 'L'; anything else draws 'R') as thick strokes.
class LeadMarker {
  public:
    static void draw(StrokeCanvas& canvas, const PhantomMarker& marker);
};

}  // namespace xrayprep::processing
