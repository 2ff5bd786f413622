#pragma once

#include <optional>
#include <string>

namespace xrayprep::processing {

// How large a pixel is, for parameters given in millimetres. With a known pixel spacing it is
// that spacing; without one the image is assumed to span assumedFieldMm along its longer side
// (a foot radiograph's field), so the same film at half the resolution gets twice the pixel
// size and the same physical parameters.
struct PixelScale {
    double mmPerPixel = 1.0;
    bool fromSpacing = false;

    [[nodiscard]] double pixels(double millimetres) const { return millimetres / mmPerPixel; }
    [[nodiscard]] std::string describe() const;
};

struct ScaleParams {
    double assumedFieldMm = 300.0;  // longer side of the field when the spacing is unknown
    bool operator==(const ScaleParams&) const = default;
};

[[nodiscard]] PixelScale pixelScaleOf(int width, int height, std::optional<double> spacingMm,
                                      const ScaleParams& params);

}  // namespace xrayprep::processing
