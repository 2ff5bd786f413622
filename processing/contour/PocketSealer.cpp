#include "processing/contour/PocketSealer.h"

#include <cstdint>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/DiskMorphology.h"

namespace xrayprep::processing {

Mask fillHoles(const Mask& m, const ExecutionPolicy& policy) {
    const ComponentMap holes =
        ConnectedComponents{}(complement(m, policy), Connectivity::Four, policy);
    Mask out(m.width(), m.height());
    const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int32_t l = holes.labels.data()[i];
        out.data()[i] = m.data()[i] != 0 || (l != 0 && !holes.components[l - 1].touchesBorder);
    }
    return out;
}

Mask PocketSealer::operator()(const Mask& bone, const Mask& anatomy, double radius,
                              const ExecutionPolicy& policy) const {
    const int w = bone.width(), h = bone.height();
    const Mask closed = intersect(DiskMorphology{}.close(bone, radius, policy), anatomy, policy);
    const Mask tissue = andNot(anatomy, closed, policy);
    const ComponentMap pockets = ConnectedComponents{}(tissue, Connectivity::Four, policy);
    // A pocket is open when it touches the image border or has a pixel next to (4-neighbour
    // of) a pixel outside the anatomy.
    std::vector<char> open(pockets.components.size() + 1, 0);
    for (const Component& c : pockets.components) {
        if (c.touchesBorder) open[static_cast<std::size_t>(c.label)] = 1;
    }
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::int32_t l = pockets.labels.at(x, y);
            if (l == 0 || open[static_cast<std::size_t>(l)] != 0) continue;
            const bool skin =
                (x > 0 && anatomy.at(x - 1, y) == 0) || (x + 1 < w && anatomy.at(x + 1, y) == 0) ||
                (y > 0 && anatomy.at(x, y - 1) == 0) || (y + 1 < h && anatomy.at(x, y + 1) == 0);
            if (skin) open[static_cast<std::size_t>(l)] = 1;
        }
    }
    Mask out(w, h);
    const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int32_t l = pockets.labels.data()[i];
        const bool openTissue = l != 0 && open[static_cast<std::size_t>(l)] != 0;
        out.data()[i] = anatomy.data()[i] != 0 && !openTissue ? 1 : 0;
    }
    return out;
}

}  // namespace xrayprep::processing
