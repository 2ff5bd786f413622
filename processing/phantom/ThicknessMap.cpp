#include "processing/phantom/ThicknessMap.h"

#include <algorithm>
#include <cmath>

namespace xrayprep::processing {

namespace {
constexpr double kBlendMm = 5.0;  // logistic width of the blend between parts
}

void ThicknessMap::add(const SdfPrimitive& part, double thicknessMm) {
    parts_.push_back({part, thicknessMm});
}

double ThicknessMap::operator()(double x, double y) const {
    double sum = 0.0, weights = 0.0;
    for (const Part& p : parts_) {
        // Clamped so far-away parts keep a tiny, finite weight (no overflow, no 0/0).
        const double t = std::clamp(p.shape.distance(x, y) / kBlendMm, -30.0, 30.0);
        const double w = 1.0 / (1.0 + std::exp(t));
        sum += w * p.thickness;
        weights += w;
    }
    return weights > 0.0 ? sum / weights : 0.0;
}

ThicknessMap ThicknessMap::mirroredX(double axis) const {
    ThicknessMap m;
    for (const Part& p : parts_) m.add(p.shape.mirroredX(axis), p.thickness);
    return m;
}

void ThicknessMap::setExcess(double excessMm) {
    if (parts_.empty()) return;
    double thinnest = parts_.front().thickness, thickest = thinnest;
    for (const Part& p : parts_) {
        thinnest = std::min(thinnest, p.thickness);
        thickest = std::max(thickest, p.thickness);
    }
    if (thickest <= thinnest) return;
    const double gain = excessMm / (thickest - thinnest);
    for (Part& p : parts_) p.thickness = thinnest + gain * (p.thickness - thinnest);
}

}  // namespace xrayprep::processing
