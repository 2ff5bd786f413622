#include "processing/contour/ContourGeometry.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace xrayprep::processing {

double signedArea(const Contour& contour) {
    const auto& p = contour.points;
    const std::size_t n = p.size();
    double twice = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const Point2f& a = p[i];
        const Point2f& b = p[(i + 1) % n];
        twice += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
    }
    return 0.5 * twice;
}

double perimeter(const Contour& contour) {
    const auto& p = contour.points;
    const std::size_t n = p.size();
    if (n < 2) return 0.0;
    double length = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const Point2f& a = p[i];
        const Point2f& b = p[(i + 1) % n];
        length += std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y);
    }
    return length;
}

Contour resampleToCount(const Contour& contour, int count) {
    const auto& p = contour.points;
    const std::size_t n = p.size();
    const double total = perimeter(contour);
    if (n < 2 || count < 1 || !(total > 0.0)) return contour;

    // Cumulative arc length at each vertex; the closing segment ends at total.
    std::vector<double> at(n + 1, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const Point2f& a = p[i];
        const Point2f& b = p[(i + 1) % n];
        at[i + 1] =
            at[i] + std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y);
    }
    Contour out;
    out.points.reserve(static_cast<std::size_t>(count));
    std::size_t seg = 0;
    for (int k = 0; k < count; ++k) {
        const double s = total * k / count;
        while (seg + 1 < n && at[seg + 1] <= s) ++seg;
        const Point2f& a = p[seg];
        const Point2f& b = p[(seg + 1) % n];
        const double len = at[seg + 1] - at[seg];
        const double t = len > 0.0 ? (s - at[seg]) / len : 0.0;
        out.points.push_back({static_cast<float>(a.x + t * (static_cast<double>(b.x) - a.x)),
                              static_cast<float>(a.y + t * (static_cast<double>(b.y) - a.y))});
    }
    return out;
}

Contour resampleToSpacing(const Contour& contour, double spacing, int minPoints) {
    const double total = perimeter(contour);
    const int count =
        std::max(minPoints, static_cast<int>(std::lround(total / std::max(spacing, 1e-6))));
    return resampleToCount(contour, count);
}

}  // namespace xrayprep::processing
