#include "processing/contour/ContourParams.h"
#include "processing/esf/EsfParams.h"
#include "processing/threshold/ThresholdParams.h"

namespace xrayprep::processing {

const char* toString(ThresholdMethod m) {
    switch (m) {
        case ThresholdMethod::Background:
            return "background";
        case ThresholdMethod::Valley:
            return "valley";
        case ThresholdMethod::Otsu:
            return "otsu";
        case ThresholdMethod::Manual:
            return "manual";
    }
    return "?";
}

const char* toString(ContourMethod m) {
    switch (m) {
        case ContourMethod::Snake:
            return "snake";
        case ContourMethod::ChanVese:
            return "chan-vese";
        case ContourMethod::Regions:
            return "regions";
    }
    return "?";
}

const char* toString(EsfMode m) { return m == EsfMode::Explicit ? "explicit" : "converged"; }

const char* toString(EsfShape s) { return s == EsfShape::Boundary ? "boundary" : "mask"; }

}  // namespace xrayprep::processing
