#include "processing/contour/JointSpaceFinder.h"

#include <cmath>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/RegionsConstants.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/PixelBox.h"

namespace xrayprep::processing {

JointSpaceSettings jointSpaceSettings(double mm) {
    using namespace regions;
    JointSpaceSettings s;
    s.minArea = kAlwaysFilledMm2 / (mm * mm);
    s.valleyShare = kJointValleyShare;
    s.edgeShare = kJointEdgeShare;
    s.edgeReachPx = kJointEdgeReachPx;
    return s;
}

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
    // The work is done on the bounding box of what was added, widened by the edges' reach and a
    // pixel: no piece reaches beyond it, a neighbour outside it is off every piece as one off
    // the image is, and the edges near its pixels lie within it. The same as a pass over the
    // whole image (which the device makes); the added pieces are a few small holes.
    const PixelBox added = boundingBox(
        w, h, [&](int x, int y) { return filled.at(x, y) != 0 && before.at(x, y) == 0; });
    if (added.empty()) return out;
    const PixelBox box = added.widened(static_cast<int>(std::ceil(s.edgeReachPx)) + 1, w, h);
    const int bw = box.width(), bh = box.height();
    const Mask piecesIn = andNot(cropTo(filled, box), cropTo(before, box), policy);
    const ComponentMap cm = ConnectedComponents{}(piecesIn, Connectivity::Four, policy);
    const Mask nearEdges = DiskMorphology{}.dilate(cropTo(edges, box), s.edgeReachPx, policy);
    std::vector<JointSpacePiece> pieces(cm.components.size() + 1);
    for (int y = 0; y < bh; ++y) {
        for (int x = 0; x < bw; ++x) {
            const std::int32_t label = cm.labels.at(x, y);
            if (label == 0) continue;
            JointSpacePiece& p = pieces[static_cast<std::size_t>(label)];
            ++p.area;
            if (valleys.at(box.x0 + x, box.y0 + y) != 0) ++p.valley;
            bool outline = false;
            for (int dy = -1; dy <= 1 && !outline; ++dy) {
                for (int dx = -1; dx <= 1 && !outline; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    outline =
                        nx < 0 || ny < 0 || nx >= bw || ny >= bh || cm.labels.at(nx, ny) != label;
                }
            }
            if (!outline) continue;
            ++p.outline;
            if (nearEdges.at(x, y) != 0) ++p.outlineOnEdges;
        }
    }
    std::vector<char> joint(pieces.size(), 0);
    for (std::size_t l = 1; l < pieces.size(); ++l) joint[l] = isJointSpace(pieces[l], s) ? 1 : 0;
    for (int y = 0; y < bh; ++y) {
        for (int x = 0; x < bw; ++x) {
            out.at(box.x0 + x, box.y0 + y) = joint[static_cast<std::size_t>(cm.labels.at(x, y))];
        }
    }
    return out;
}

}  // namespace xrayprep::processing
