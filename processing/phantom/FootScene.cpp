#include "processing/phantom/FootScene.h"

namespace xrayprep::processing {

void FootScene::mirrorX(double axis) {
    envelope = envelope.mirroredX(axis);
    tissue = tissue.mirroredX(axis);
    for (PhantomBone& b : bones) {
        b.shape = b.shape.mirroredX(axis);
        for (SdfPrimitive& g : b.growthPlates) g = g.mirroredX(axis);
    }
    fitBox = {2.0 * axis - fitBox.x1, fitBox.y0, 2.0 * axis - fitBox.x0, fitBox.y1};
    for (DesignBox& band : collimatorBands)
        band = {2.0 * axis - band.x1, band.y0, 2.0 * axis - band.x0, band.y1};
}

}  // namespace xrayprep::processing
