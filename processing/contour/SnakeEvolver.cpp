#include "processing/contour/SnakeEvolver.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "processing/contour/ContourGeometry.h"
#include "processing/contour/SnakeSystem.h"

namespace xrayprep::processing {
namespace {

// Bilinear sample with the position clamped into the image.
float sample(const FloatImage& f, double x, double y) {
    const double cx = std::clamp(x, 0.0, static_cast<double>(f.width() - 1));
    const double cy = std::clamp(y, 0.0, static_cast<double>(f.height() - 1));
    const int x0 = std::min(static_cast<int>(cx), f.width() - 1);
    const int y0 = std::min(static_cast<int>(cy), f.height() - 1);
    const int x1 = std::min(x0 + 1, f.width() - 1);
    const int y1 = std::min(y0 + 1, f.height() - 1);
    const double tx = cx - x0;
    const double ty = cy - y0;
    const double top = f.at(x0, y0) * (1.0 - tx) + f.at(x1, y0) * tx;
    const double bottom = f.at(x0, y1) * (1.0 - tx) + f.at(x1, y1) * tx;
    return static_cast<float>(top * (1.0 - ty) + bottom * ty);
}

}  // namespace

int SnakeEvolver::operator()(Contour& snake, const VectorField& force, const SnakeSettings& s,
                             const CancelToken* cancel) const {
    const int w = force.u.width();
    const int h = force.u.height();
    if (w == 0 || h == 0) return 0;
    snake = resampleToSpacing(snake, s.spacing, s.minPoints);
    int n = static_cast<int>(snake.points.size());
    if (n < 3) return 0;

    std::optional<SnakeSystem> system;
    system.emplace(n, s.alpha, s.beta, s.gamma);
    std::vector<double> rx, ry, nx, ny;
    std::vector<Point2f> next;
    // Points may reach the outer edge of the border pixels (where a traced boundary of a region
    // touching the border lies), not beyond.
    const double minXY = -0.5;
    const double maxX = w - 0.5;
    const double maxY = h - 0.5;
    int it = 0;
    int calm = 0;  // consecutive iterations below epsilon
    while (it < s.maxIterations) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        ++it;
        const auto& p = snake.points;
        next.resize(static_cast<std::size_t>(n));
        rx.resize(static_cast<std::size_t>(n));
        ry.resize(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            const double x = p[i].x;
            const double y = p[i].y;
            double fx = s.kappa * sample(force.u, x, y);
            double fy = s.kappa * sample(force.v, x, y);
            if (s.balloon != 0.0) {
                // Tangent by central difference; the region is on its right, so the outward
                // normal (screen coordinates, y down) is (ty, -tx).
                const Point2f& a = p[(i + n - 1) % n];
                const Point2f& b = p[(i + 1) % n];
                const double tx = static_cast<double>(b.x) - a.x;
                const double ty = static_cast<double>(b.y) - a.y;
                const double len = std::hypot(tx, ty);
                if (len > 0.0) {
                    fx += s.balloon * ty / len;
                    fy -= s.balloon * tx / len;
                }
            }
            rx[i] = x + s.gamma * fx;
            ry[i] = y + s.gamma * fy;
        }
        system->solve(rx, nx);
        system->solve(ry, ny);
        // Only the motion along the normal changes the shape; sliding along the contour (which
        // the resampling undoes) is not counted.
        double moved = 0.0;
        for (int i = 0; i < n; ++i) {
            const double x = std::clamp(nx[i], minXY, maxX);
            const double y = std::clamp(ny[i], minXY, maxY);
            const Point2f& a = p[(i + n - 1) % n];
            const Point2f& b = p[(i + 1) % n];
            const double tx = static_cast<double>(b.x) - a.x;
            const double ty = static_cast<double>(b.y) - a.y;
            const double len = std::hypot(tx, ty);
            const double dx = x - p[i].x;
            const double dy = y - p[i].y;
            moved += len > 0.0 ? std::abs(dx * ty - dy * tx) / len : std::hypot(dx, dy);
            next[i] = {static_cast<float>(x), static_cast<float>(y)};
        }
        moved /= n;
        std::swap(snake.points, next);

        if (it % s.resampleEvery == 0) {
            // Keep the spacing: change the number of points only when it is off by > 10 %.
            const int wanted =
                std::max(s.minPoints, static_cast<int>(std::lround(perimeter(snake) / s.spacing)));
            if (std::abs(wanted - n) * 10 > n) {
                n = wanted;
                system.emplace(n, s.alpha, s.beta, s.gamma);
            }
            snake = resampleToCount(snake, n);
            if (static_cast<int>(snake.points.size()) != n) break;  // degenerate (zero length)
        }
        calm = moved < s.epsilon ? calm + 1 : 0;
        if (calm >= s.calmIterations) break;
    }
    return it;
}

}  // namespace xrayprep::processing
