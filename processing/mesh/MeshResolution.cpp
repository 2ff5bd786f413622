#include "processing/mesh/MeshResolution.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "processing/mesh/CapMesh.h"

namespace xrayprep::processing {

namespace {

// Step from the area A and outline length P (pixel edges between mask and background): a
// cap has about 2 A / s^2 triangles per face and P / s outline segments, so the mesh about
// 4 A / s^2 + 2 P / s triangles.
int estimatedStep(const Mask& mask, int target) {
    double area = 0.0, perimeter = 0.0;
    const int w = mask.width(), h = mask.height();
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* row = mask.row(y);
        const std::uint8_t* above = y > 0 ? mask.row(y - 1) : nullptr;
        for (int x = 0; x < w; ++x) {
            const bool in = row[x] != 0;
            area += in ? 1.0 : 0.0;
            if (x == 0 ? in : in != (row[x - 1] != 0)) perimeter += 1.0;
            if (above == nullptr ? in : in != (above[x] != 0)) perimeter += 1.0;
        }
    }
    for (int x = 0; x < w; ++x) perimeter += (h > 0 && mask.at(x, h - 1) != 0) ? 1.0 : 0.0;
    for (int y = 0; y < h; ++y) perimeter += (w > 0 && mask.at(w - 1, y) != 0) ? 1.0 : 0.0;
    if (area <= 0.0) return 1;
    const double u =
        (-2.0 * perimeter + std::sqrt(4.0 * perimeter * perimeter + 16.0 * area * target)) /
        (8.0 * area);
    return u >= 1.0 ? 1 : std::max(1, static_cast<int>(std::floor(1.0 / u)));
}

}  // namespace

std::size_t meshTriangleCount(const MeshLattice& lattice, MeshMode mode) {
    const CapCounts c = CapBuilder().count(lattice);
    return 2 * c.triangles + (mode == MeshMode::Extrude ? 2 * c.segments : 0);
}

int chooseLatticeStep(const Mask& mask, MeshMode mode, int targetTriangles,
                      const CancelToken* cancel) {
    if (targetTriangles < 0) throw std::invalid_argument("MeshBuilder: targetTriangles < 0");
    if (targetTriangles == 0) return 1;
    const auto target = static_cast<std::size_t>(targetTriangles);
    auto count = [&](int step) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        return meshTriangleCount(MeshLattice(mask, step), mode);
    };
    int step =
        std::min(estimatedStep(mask, targetTriangles), std::max(mask.width(), mask.height()));
    std::size_t n = count(step);
    while (n == 0 && step > 1) {  // thin parts vanished at the estimate: go finer, quickly
        step = std::max(1, step * 3 / 4);
        n = count(step);
    }
    if (n <= target) {
        while (step > 1) {
            const std::size_t finer = count(step - 1);
            if (finer == 0 || finer > target) break;
            --step;
        }
        return step;
    }
    while (n == 0 || n > target) {
        if (n == 0) {
            throw std::invalid_argument("MeshBuilder: targetTriangles " +
                                        std::to_string(targetTriangles) +
                                        " is too small for this mask (at a lattice step of " +
                                        std::to_string(step) + " pixels the mask vanishes)");
        }
        n = count(++step);
    }
    return step;
}

}  // namespace xrayprep::processing
