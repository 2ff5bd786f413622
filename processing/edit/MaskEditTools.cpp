#include "processing/edit/MaskEditTools.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/PocketSealer.h"
#include "processing/contour/PolygonFiller.h"

namespace xrayprep::processing {
namespace {

bool inside(const Mask& m, PixelPoint p) {
    return p.x >= 0 && p.y >= 0 && p.x < m.width() && p.y < m.height();
}

// Squared distance from (px, py) to the segment a-b.
double squaredDistanceToSegment(double px, double py, Point2f a, Point2f b) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0.0 ? ((px - a.x) * dx + (py - a.y) * dy) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const double ex = a.x + t * dx - px, ey = a.y + t * dy - py;
    return ex * ex + ey * ey;
}

}  // namespace

Mask MaskEditTools::brush(const Mask& m, const std::vector<Point2f>& stroke, double radius,
                          bool add) const {
    Mask out = m;
    if (stroke.empty() || m.empty()) return out;
    const std::uint8_t value = add ? 1 : 0;
    // A pixel is painted when its centre is within the radius; under half a pixel the pixel
    // under the point still is (a brush never paints nothing).
    const double r = std::max(radius, 0.5);
    const double r2 = r * r;
    const std::size_t segments = stroke.size() == 1 ? 1 : stroke.size() - 1;
    for (std::size_t s = 0; s < segments; ++s) {
        const Point2f a = stroke[s];
        const Point2f b = stroke.size() == 1 ? stroke[0] : stroke[s + 1];
        const int x0 = std::max(0, static_cast<int>(std::floor(std::min(a.x, b.x) - r)));
        const int x1 = std::min(m.width() - 1, static_cast<int>(std::ceil(std::max(a.x, b.x) + r)));
        const int y0 = std::max(0, static_cast<int>(std::floor(std::min(a.y, b.y) - r)));
        const int y1 =
            std::min(m.height() - 1, static_cast<int>(std::ceil(std::max(a.y, b.y) + r)));
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                if (squaredDistanceToSegment(x, y, a, b) <= r2) out.at(x, y) = value;
            }
        }
    }
    return out;
}

Mask MaskEditTools::polygon(const Mask& m, const Contour& outline, bool add,
                            const ExecutionPolicy& policy) const {
    Mask out = m;
    if (outline.points.size() < 3 || m.empty()) return out;
    const Mask area = PolygonFiller{}({outline}, m.width(), m.height(), FillRule::EvenOdd, policy);
    const std::uint8_t value = add ? 1 : 0;
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        if (area.data()[i] != 0) out.data()[i] = value;
    }
    return out;
}

Mask MaskEditTools::removeRegion(const Mask& m, PixelPoint at,
                                 const ExecutionPolicy& policy) const {
    Mask out = m;
    if (!inside(m, at) || m.at(at.x, at.y) == 0) return out;
    const ComponentMap map = ConnectedComponents{}(m, Connectivity::Eight, policy);
    const std::int32_t label = map.labels.at(at.x, at.y);
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        if (map.labels.data()[i] == label) out.data()[i] = 0;
    }
    return out;
}

Mask MaskEditTools::addRegion(const Mask& m, PixelPoint at, const ExecutionPolicy& policy) const {
    Mask out = m;
    if (!inside(m, at) || m.at(at.x, at.y) != 0) return out;
    Mask outside(m.width(), m.height());
    for (std::size_t i = 0; i < outside.pixels().size(); ++i) outside.data()[i] = m.data()[i] == 0;
    const ComponentMap map = ConnectedComponents{}(outside, Connectivity::Four, policy);
    const std::int32_t label = map.labels.at(at.x, at.y);
    if (map.components[static_cast<std::size_t>(label - 1)].touchesBorder) return out;
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        if (map.labels.data()[i] == label) out.data()[i] = 1;
    }
    return out;
}

Mask MaskEditTools::keepOnly(const Mask& m, const std::vector<PixelPoint>& at,
                             const ExecutionPolicy& policy) const {
    const ComponentMap map = ConnectedComponents{}(m, Connectivity::Eight, policy);
    std::vector<std::uint8_t> keep(map.components.size() + 1, 0);
    for (const PixelPoint p : at) {
        if (inside(m, p)) keep[static_cast<std::size_t>(map.labels.at(p.x, p.y))] = 1;
    }
    keep[0] = 0;
    Mask out(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        out.data()[i] = keep[static_cast<std::size_t>(map.labels.data()[i])];
    }
    return out;
}

Mask MaskEditTools::fillHoles(const Mask& m, const ExecutionPolicy& policy) const {
    return processing::fillHoles(m, policy);
}

}  // namespace xrayprep::processing
