#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/PhantomObject.h"
#include "processing/phantom/PhantomVariation.h"

namespace xrayprep::processing {

const char* toString(PhantomView v) {
    switch (v) {
        case PhantomView::Planar:
            return "planar";
        case PhantomView::Lateral:
            return "lateral";
        case PhantomView::WeightBearingLateral:
            return "wb-lateral";
        case PhantomView::AnkleAP:
            return "ankle-ap";
        case PhantomView::Oblique:
            return "oblique";
    }
    return "?";
}

const char* toString(PhantomModel m) { return m == PhantomModel::Sample ? "sample" : "projection"; }

const char* toString(PhantomExposure e) {
    switch (e) {
        case PhantomExposure::Normal:
            return "normal";
        case PhantomExposure::Under:
            return "under";
        case PhantomExposure::Over:
            return "over";
        case PhantomExposure::LowContrast:
            return "low-contrast";
    }
    return "?";
}

const char* toString(PhantomObject o) {
    switch (o) {
        case PhantomObject::Marker:
            return "marker";
        case PhantomObject::Text:
            return "text";
        case PhantomObject::Ball:
            return "ball";
        case PhantomObject::Ruler:
            return "ruler";
        case PhantomObject::Arrow:
            return "arrow";
        case PhantomObject::Platform:
            return "platform";
        case PhantomObject::Collimator:
            return "collimator";
    }
    return "?";
}

const Mask& objectMask(const Phantom& ph, PhantomObject o) {
    switch (o) {
        case PhantomObject::Marker:
            return ph.markerMask;
        case PhantomObject::Text:
            return ph.textMask;
        case PhantomObject::Ball:
            return ph.ballMask;
        case PhantomObject::Ruler:
            return ph.rulerMask;
        case PhantomObject::Arrow:
            return ph.arrowMask;
        case PhantomObject::Platform:
            return ph.platformMask;
        case PhantomObject::Collimator:
            return ph.collimatorMask;
    }
    return ph.markerMask;
}

}  // namespace xrayprep::processing
