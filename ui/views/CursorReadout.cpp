#include "ui/views/CursorReadout.h"

#include <cmath>

namespace xrayprep::ui {

CursorReadout makeCursorReadout(QPointF imagePoint, const processing::Image* image,
                                const processing::FloatImage* esf,
                                const processing::ImageMetadata* metadata,
                                const WindowLevel& window) {
    CursorReadout r;
    const int width = image ? image->width() : (esf ? esf->width() : 0);
    const int height = image ? image->height() : (esf ? esf->height() : 0);
    r.x = static_cast<int>(std::floor(imagePoint.x()));
    r.y = static_cast<int>(std::floor(imagePoint.y()));
    r.inside = r.x >= 0 && r.y >= 0 && r.x < width && r.y < height;
    if (!r.inside) return r;
    if (image) {
        const std::uint16_t v = image->at(r.x, r.y);
        r.value = v;
        const bool inverted =
            metadata && metadata->photometric == processing::Photometric::Monochrome1;
        // The image is bone-bright: MONOCHROME1 files were inverted on load (SPEC §2).
        r.storedValue = inverted ? static_cast<std::uint16_t>(image->maxValue() - v) : v;
        const double slope = metadata ? metadata->rescaleSlope : 1.0;
        const double intercept = metadata ? metadata->rescaleIntercept : 0.0;
        r.modalityValue = slope * static_cast<double>(*r.storedValue) + intercept;
        r.displayLevel = displayLevel(static_cast<double>(v), window);
    }
    if (esf && esf->sameSize(width, height)) r.esfValue = esf->at(r.x, r.y);
    if (metadata && metadata->spacing) {
        r.xMm = r.x * metadata->spacing->x;
        r.yMm = r.y * metadata->spacing->y;
    }
    return r;
}

QString formatCursorReadout(const CursorReadout& r) {
    if (!r.inside) return {};
    const QString sep = QStringLiteral("   |   ");
    QString text = QStringLiteral("x %1  y %2").arg(r.x).arg(r.y);
    if (r.value) {
        text += sep + QStringLiteral("value %1").arg(*r.value);
        if (r.storedValue && *r.storedValue != *r.value) {
            text += QStringLiteral("  (stored %1)").arg(*r.storedValue);
        }
        if (r.modalityValue && *r.modalityValue != static_cast<double>(r.storedValue.value_or(0))) {
            text += QStringLiteral("  modality %1").arg(*r.modalityValue, 0, 'g', 6);
        }
    }
    if (r.displayLevel) text += sep + QStringLiteral("display %1").arg(*r.displayLevel);
    if (r.esfValue) text += sep + QStringLiteral("ESF %1").arg(*r.esfValue, 0, 'f', 4);
    if (r.xMm && r.yMm) {
        text += sep + QStringLiteral("%1, %2 mm").arg(*r.xMm, 0, 'f', 2).arg(*r.yMm, 0, 'f', 2);
    } else {
        text += sep + QStringLiteral("spacing unknown (pixels)");
    }
    return text;
}

}  // namespace xrayprep::ui
