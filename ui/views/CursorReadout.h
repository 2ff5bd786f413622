#pragma once

#include <QMetaType>
#include <QPointF>
#include <QString>
#include <cstdint>
#include <optional>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "ui/views/ImageRendering.h"

namespace xrayprep::ui {

// What lies under the mouse in an image view. Unset fields do not apply (outside the image,
// no metadata, spacing unknown: positions are then in pixels only, SPEC §2).
struct CursorReadout {
    bool inside = false;
    int x = 0;  // pixel column and row (pixel centres at integer positions)
    int y = 0;
    std::optional<std::uint16_t> value;        // internal, bone-bright stored value
    std::optional<std::uint16_t> storedValue;  // as in the file: maxValue - v for MONOCHROME1
    std::optional<double> modalityValue;       // slope * storedValue + intercept
    std::optional<int> displayLevel;           // grey level 0..255 on screen
    std::optional<double> xMm;                 // position in mm when the spacing is known
    std::optional<double> yMm;
    std::optional<float> esfValue;  // when the ESF field is shown
};

// The readout at a point in image coordinates (pixel (i, j) covers [i, i+1) x [j, j+1)).
// `image` or `esf` may be null (nothing of that kind shown); `metadata` may be null.
[[nodiscard]] CursorReadout makeCursorReadout(QPointF imagePoint, const processing::Image* image,
                                              const processing::FloatImage* esf,
                                              const processing::ImageMetadata* metadata,
                                              const WindowLevel& window);

// One line for a status bar, e.g.
// "x 120  y 48  |  value 2310  stored 1785  modality 1785  |  display 128  |  18.00, 7.20 mm".
[[nodiscard]] QString formatCursorReadout(const CursorReadout& readout);

}  // namespace xrayprep::ui

Q_DECLARE_METATYPE(xrayprep::ui::CursorReadout)
