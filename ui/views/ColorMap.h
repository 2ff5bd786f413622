#pragma once

#include <QColor>
#include <array>
#include <cstdint>

namespace xrayprep::ui {

// The perceptual colour map used for ESF fields (viridis: dark blue at 0, yellow at 1).
[[nodiscard]] const std::array<std::uint32_t, 256>& viridisTable();  // 0xRRGGBB
// Opaque colour for t in [0, 1] (clamped; NaN gives the colour of 0).
[[nodiscard]] QRgb viridis(double t);

}  // namespace xrayprep::ui
