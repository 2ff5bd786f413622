#include "processing/contour/JointSpaceFinder.h"

#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/DiskMorphology.h"

namespace xrayprep::processing {

bool isJointSpace(const JointSpacePiece& piece, const JointSpaceSettings& s) {
    const auto area = static_cast<double>(piece.area);
    return area > s.minArea && static_cast<double>(piece.valley) >= s.valleyShare * area &&
           static_cast<double>(piece.outlineOnEdges) >=
               s.edgeShare * static_cast<double>(piece.outline);
}

Mask JointSpaceFinder::operator()(const Mask& filled, const Mask& before, const Mask& valleys,
                                  const Mask& edges, const JointSpaceSettings& s,
                                  const ExecutionPolicy& policy) const {
    const int w = filled.width(), h = filled.height();
    Mask out(w, h, 0);
    const Mask added = andNot(filled, before, policy);
    const ComponentMap cm = ConnectedComponents{}(added, Connectivity::Four, policy);
    if (cm.components.empty()) return out;
    const Mask nearEdges = DiskMorphology{}.dilate(edges, s.edgeReachPx, policy);
    std::vector<JointSpacePiece> pieces(cm.components.size() + 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::int32_t label = cm.labels.at(x, y);
            if (label == 0) continue;
            JointSpacePiece& p = pieces[static_cast<std::size_t>(label)];
            ++p.area;
            if (valleys.at(x, y) != 0) ++p.valley;
            bool outline = false;
            for (int dy = -1; dy <= 1 && !outline; ++dy) {
                for (int dx = -1; dx <= 1 && !outline; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    outline =
                        nx < 0 || ny < 0 || nx >= w || ny >= h || cm.labels.at(nx, ny) != label;
                }
            }
            if (!outline) continue;
            ++p.outline;
            if (nearEdges.at(x, y) != 0) ++p.outlineOnEdges;
        }
    }
    std::vector<char> joint(pieces.size(), 0);
    for (std::size_t l = 1; l < pieces.size(); ++l) joint[l] = isJointSpace(pieces[l], s) ? 1 : 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = joint[static_cast<std::size_t>(cm.labels.data()[i])];
    }
    return out;
}

}  // namespace xrayprep::processing
