#include "processing/phantom/LeadMarker.h"

#include <cmath>
#include <numbers>

namespace xrayprep::processing {

void LeadMarker::draw(StrokeCanvas& canvas, const PhantomMarker& m) {
    const double h = m.heightMm, w = 0.68 * m.heightMm, s = m.strokeMm;
    // Stroke centre lines are inset by half a stroke so the letter fills its box.
    const double x0 = m.x + 0.5 * s, y0 = m.y + 0.5 * s;
    const double x1 = m.x + w - 0.5 * s, y1 = m.y + h - 0.5 * s;
    auto seg = [&](double ax, double ay, double bx, double by) {
        canvas.segment(ax, ay, bx, by, s);
    };
    seg(x0, y0, x0, y1);  // stem
    if (m.letter == 'L') {
        seg(x0, y1, x1, y1);
        return;
    }
    // R: bowl (two straight runs and a half circle), then the leg.
    const double midY = m.y + 0.52 * h;
    const double rad = 0.5 * (midY - y0);
    const double bowlX = x1 - rad;
    seg(x0, y0, bowlX, y0);
    seg(x0, midY, bowlX, midY);
    constexpr int kArcSteps = 12;
    for (int i = 0; i < kArcSteps; ++i) {
        const double a0 = -0.5 * std::numbers::pi + std::numbers::pi * i / kArcSteps;
        const double a1 = -0.5 * std::numbers::pi + std::numbers::pi * (i + 1) / kArcSteps;
        const double cy = y0 + rad;
        seg(bowlX + rad * std::cos(a0), cy + rad * std::sin(a0), bowlX + rad * std::cos(a1),
            cy + rad * std::sin(a1));
    }
    seg(x0 + 0.35 * (x1 - x0), midY, x1, y1);
}

}  // namespace xrayprep::processing
