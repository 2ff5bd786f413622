#include "processing/contour/ContourParams.h"
#include "processing/esf/EsfParams.h"
#include "processing/threshold/ThresholdParams.h"

namespace xrayprep::processing {

const char* toString(ThresholdMethod m) {
    switch (m) {
        case ThresholdMethod::Valley:
            return "valley";
        case ThresholdMethod::Otsu:
            return "otsu";
        case ThresholdMethod::Manual:
            return "manual";
    }
    return "?";
}

const char* toString(ContourMethod m) { return m == ContourMethod::Snake ? "snake" : "chan-vese"; }

const char* toString(EsfMode m) { return m == EsfMode::Explicit ? "explicit" : "converged"; }

const char* toString(EsfShape s) { return s == EsfShape::Boundary ? "boundary" : "mask"; }

}  // namespace xrayprep::processing
