#pragma once

#include <optional>
#include <vector>

namespace xrayprep::processing {

// A point the user placed to steer the contour stage, in full-resolution pixels: an include
// seed forces the region around it into the bone mask, an exclude seed forces it out
// (GuidedContour says what "the region around it" is).
struct GuideSeed {
    int x = 0;
    int y = 0;
    bool include = true;
    bool operator==(const GuideSeed&) const = default;
};

// A region of interest in full-resolution pixels, [x0, x1) x [y0, y1): nothing outside it is
// bone.
struct GuideBox {
    int x0 = 0;
    int y0 = 0;
    int x1 = 0;
    int y1 = 0;
    [[nodiscard]] bool contains(int x, int y) const {
        return x >= x0 && x < x1 && y >= y0 && y < y1;
    }
    [[nodiscard]] bool empty() const { return x1 <= x0 || y1 <= y0; }
    bool operator==(const GuideBox&) const = default;
};

// What the user gave the contour stage beyond its parameters: seeds and a box. Kept with the
// input like the mask edits (a new input clears it) and saved in sessions.
struct ContourGuidance {
    std::vector<GuideSeed> seeds;
    std::optional<GuideBox> box;

    [[nodiscard]] bool empty() const { return seeds.empty() && !box; }
    bool operator==(const ContourGuidance&) const = default;
};

}  // namespace xrayprep::processing
