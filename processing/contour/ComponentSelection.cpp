#include "processing/contour/ComponentSelection.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "processing/contour/ConnectedComponents.h"

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

}  // namespace xrayprep::processing
