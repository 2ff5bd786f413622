#pragma once

#include <vector>

#include "processing/phantom/SdfShape.h"

namespace xrayprep::processing {

// Soft-tissue thickness along the beam (mm), given per part of the limb (heel, midfoot, toes,
// leg ...) and blended smoothly between the parts: each part weighs in with a logistic function
// of its signed distance, so the thickness changes over about a centimetre where parts meet.
class ThicknessMap {
  public:
    void add(const SdfPrimitive& part, double thicknessMm);
    [[nodiscard]] double operator()(double x, double y) const;
    [[nodiscard]] bool empty() const { return parts_.empty(); }
    [[nodiscard]] ThicknessMap mirroredX(double axis) const;
    // Rescales each part's excess over the thinnest part so that the thickest exceeds the
    // thinnest by `excessMm` (the gradient across the limb).
    void setExcess(double excessMm);

  private:
    struct Part {
        SdfPrimitive shape;
        double thickness;
    };
    std::vector<Part> parts_;
};

}  // namespace xrayprep::processing
