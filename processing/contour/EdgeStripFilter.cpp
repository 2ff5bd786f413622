#include "processing/contour/EdgeStripFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "processing/contour/ContourGeometry.h"

namespace xrayprep::processing {
namespace {

// Whether an outside pixel, or the image border, lies within `r` pixels (chessboard distance)
// of pixel (x, y).
bool nearOutside(const Mask& outside, int x, int y, int r) {
    const int w = outside.width(), h = outside.height();
    if (x < r || y < r || x >= w - r || y >= h - r) return true;
    for (int j = y - r; j <= y + r; ++j) {
        const std::uint8_t* row = outside.row(j);
        for (int i = x - r; i <= x + r; ++i) {
            if (row[i] != 0) return true;
        }
    }
    return false;
}

// Length of the parts of a closed polyline whose segment midpoints lie within `r` pixels of
// the outside area or the image border.
double contactLength(const Contour& c, const Mask& outside, int r) {
    const auto& p = c.points;
    const std::size_t n = p.size();
    double length = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const Point2f& a = p[i];
        const Point2f& b = p[(i + 1) % n];
        const int x =
            std::clamp(static_cast<int>(std::lround(0.5 * (a.x + b.x))), 0, outside.width() - 1);
        const int y =
            std::clamp(static_cast<int>(std::lround(0.5 * (a.y + b.y))), 0, outside.height() - 1);
        if (nearOutside(outside, x, y, r)) {
            length += std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y);
        }
    }
    return length;
}

// Crossing-number test of a point against a closed polyline.
bool inside(const Point2f& q, const Contour& c) {
    const auto& p = c.points;
    const std::size_t n = p.size();
    bool in = false;
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        if ((p[i].y > q.y) != (p[j].y > q.y)) {
            const double x = p[j].x + (static_cast<double>(q.y) - p[j].y) * (p[i].x - p[j].x) /
                                          (static_cast<double>(p[i].y) - p[j].y);
            if (q.x < x) in = !in;
        }
    }
    return in;
}

}  // namespace

EdgeStripOutcome EdgeStripFilter::operator()(std::vector<Contour> contours, const Mask& outside,
                                             const WorkingGrid& g,
                                             const EdgeStripSettings& s) const {
    EdgeStripOutcome out;
    if (contours.empty() || outside.empty()) {
        out.kept = std::move(contours);
        return out;
    }
    const int reach = std::max(0, static_cast<int>(std::lround(s.reach)));
    const double minContact = s.minContact * std::min(outside.width(), outside.height());
    std::vector<double> area(contours.size());
    std::vector<char> drop(contours.size(), 0);
    for (std::size_t i = 0; i < contours.size(); ++i) {
        area[i] = signedArea(contours[i]);
        if (area[i] <= 0.0) continue;  // holes are decided with their region below
        const double contact = contactLength(contours[i], outside, reach);
        if (contact < minContact) continue;
        float x0 = contours[i].points[0].x, x1 = x0, y0 = contours[i].points[0].y, y1 = y0;
        for (const Point2f& q : contours[i].points) {
            x0 = std::min(x0, q.x);
            x1 = std::max(x1, q.x);
            y0 = std::min(y0, q.y);
            y1 = std::max(y1, q.y);
        }
        // A thin strip along one edge: long contact, and a long narrow box.
        const double longSide = std::max(x1 - x0, y1 - y0);
        const double shortSide = std::min(x1 - x0, y1 - y0);
        if (shortSide > s.maxAspect * longSide) continue;
        drop[i] = 1;
        const Point2f centre = g.toFull({0.5f * (x0 + x1), 0.5f * (y0 + y1)});
        out.discarded.push_back(
            "edge strip (" + std::to_string(std::llround(g.toFullArea(area[i]))) + " px at " +
            std::to_string(std::lround(centre.x)) + "," + std::to_string(std::lround(centre.y)) +
            "): a thin strip along the image edge or the unexposed area, " +
            std::to_string(std::lround(contact * g.factor())) + " px long");
    }
    for (std::size_t i = 0; i < contours.size(); ++i) {
        if (area[i] >= 0.0 || contours[i].points.empty()) continue;
        for (std::size_t k = 0; k < contours.size(); ++k) {
            if (drop[k] != 0 && inside(contours[i].points[0], contours[k])) drop[i] = 1;
        }
    }
    for (std::size_t i = 0; i < contours.size(); ++i) {
        if (drop[i] == 0) out.kept.push_back(std::move(contours[i]));
    }
    return out;
}

}  // namespace xrayprep::processing
