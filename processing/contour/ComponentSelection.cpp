#include "processing/contour/ComponentSelection.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/DiskMorphology.h"

namespace xrayprep::processing {
namespace {

Mask select(const ComponentMap& cm, const std::vector<char>& keep, int w, int h) {
    Mask out(w, h);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = keep[static_cast<std::size_t>(cm.labels.data()[i])];
    }
    return out;
}

}  // namespace

Mask keepLargeComponents(const Mask& m, double minArea, double minFraction,
                         const ExecutionPolicy& policy, int* dropped) {
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    std::int64_t largest = 0;
    for (const Component& c : cm.components) largest = std::max(largest, c.area);
    const double limit = std::max(minArea, minFraction * static_cast<double>(largest));
    std::vector<char> keep(cm.components.size() + 1, 0);
    int gone = 0;
    for (const Component& c : cm.components) {
        const bool k = static_cast<double>(c.area) >= limit;
        keep[static_cast<std::size_t>(c.label)] = k ? 1 : 0;
        gone += k ? 0 : 1;
    }
    if (dropped != nullptr) *dropped = gone;
    return select(cm, keep, m.width(), m.height());
}

Mask componentsTouching(const Mask& m, const Mask& touch, const ExecutionPolicy& policy) {
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    std::vector<char> keep(cm.components.size() + 1, 0);
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (touch.data()[i] != 0) keep[static_cast<std::size_t>(cm.labels.data()[i])] = 1;
    }
    keep[0] = 0;
    return select(cm, keep, m.width(), m.height());
}

Mask closeEachComponent(const Mask& m, double r, const ExecutionPolicy& policy) {
    const int w = m.width(), h = m.height();
    Mask out = m;
    if (r <= 0.0) return out;
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    // Each component in its bounding box padded by 2r + 2: the dilation stays r + 2 inside the
    // crop, so the erosion sees every pixel the whole image would show it (the crop's edge
    // counts as outside, which erodes nothing); where the pad meets the image's border the
    // crop and the image share the same edge.
    const int pad = 2 * static_cast<int>(std::ceil(r)) + 2;
    const auto count = static_cast<int>(cm.components.size());
    // Each crop is small: one thread closes it, the threads share the components.
    std::vector<Mask> closedCrops(cm.components.size());
#pragma omp parallel for schedule(dynamic) num_threads(policy.threads) if (policy.parallel())
    for (int k = 0; k < count; ++k) {
        const Component& c = cm.components[static_cast<std::size_t>(k)];
        const int x0 = std::max(0, c.minX - pad), y0 = std::max(0, c.minY - pad);
        const int x1 = std::min(w - 1, c.maxX + pad), y1 = std::min(h - 1, c.maxY + pad);
        Mask crop(x1 - x0 + 1, y1 - y0 + 1, 0);
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                crop.at(x - x0, y - y0) = cm.labels.at(x, y) == c.label ? 1 : 0;
            }
        }
        closedCrops[static_cast<std::size_t>(k)] =
            DiskMorphology{}.close(crop, r, ExecutionPolicy::serial());
    }
    for (int k = 0; k < count; ++k) {
        const Component& c = cm.components[static_cast<std::size_t>(k)];
        const Mask& closed = closedCrops[static_cast<std::size_t>(k)];
        const int x0 = std::max(0, c.minX - pad), y0 = std::max(0, c.minY - pad);
        for (int y = 0; y < closed.height(); ++y) {
            for (int x = 0; x < closed.width(); ++x) {
                if (closed.at(x, y) != 0) out.at(x0 + x, y0 + y) = 1;
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
