#include "processing/contour/ThinBoneRidgeFinder.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/RegionsConstants.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/PixelBox.h"
#include "processing/imaging/ValleyDepth.h"

namespace xrayprep::processing {

ThinBoneRidgeSettings thinBoneRidgeSettings(double mm) {
    using namespace regions;
    auto px = [mm](double millimetres) { return std::max(1.0, std::round(millimetres / mm)); };
    ThinBoneRidgeSettings s;
    s.fromPx = static_cast<int>(px(kRidgeFromMm));
    s.toPx = static_cast<int>(px(kRidgeToMm));
    s.flankPx = static_cast<int>(px(kRidgeFlankMm));
    s.height = kRidgeHeight;
    s.level = kRidgeLevel;
    s.minLengthPx = kRidgeMinLengthMm / mm;
    s.maxWidthPx = kRidgeMaxWidthMm / mm;
    s.framePx = static_cast<int>(px(kRidgeFrameMm));
    s.deepMm = kRidgeDeepMm;
    s.gapPx = px(kRidgeGapMm);
    return s;
}

bool isThinBoneRidge(const ThinRidgePiece& c, const ThinBoneRidgeSettings& s) {
    if (c.area <= 0) return false;
    const double bw = c.maxX - c.minX + 1.0, bh = c.maxY - c.minY + 1.0;
    const double length = std::sqrt(bw * bw + bh * bh);
    const auto area = static_cast<double>(c.area);
    const bool alongSide = 2 * c.nearSides >= c.area && bh >= bw;
    const bool alongEnd = 2 * c.nearEnds >= c.area && bw >= bh;
    return length >= s.minLengthPx && area / length <= s.maxWidthPx && !alongSide && !alongEnd &&
           2 * c.deep >= c.area && 2 * c.faint >= c.area;
}

Mask ThinBoneRidgeFinder::operator()(const FloatImage& fine, const FloatImage& image,
                                     const FloatImage& tissueLevel, const FloatImage& contrast,
                                     const Mask& open, const FloatImage& distanceMm, double skinMm,
                                     const Mask& sole, const ThinBoneRidgeSettings& s,
                                     const ExecutionPolicy& policy) const {
    const int w = image.width(), h = image.height();
    // The pixels that could be ridges: bright enough, in the open tissue, off skin and sole.
    Mask ridge(w, h, kUnset);
    forEachPixel(ridge, policy, [&](std::size_t i) -> std::uint8_t {
        return open.data()[i] != 0 && sole.data()[i] == 0 &&
               distanceMm.data()[i] > static_cast<float>(skinMm) &&
               image.data()[i] > tissueLevel.data()[i] + s.level * contrast.data()[i];
    });
    const PixelBox deciding = boundingBox(
        w, h, [&](int x, int y) { return ridge.data()[static_cast<std::size_t>(y) * w + x] != 0; });
    if (deciding.empty()) return ridge;
    const PixelBox box = deciding.widened(s.toPx + s.flankPx + 1, w, h);
    FloatImage negated = cropTo(fine, box);
    for (float& v : negated.pixels()) v = -v;
    const FloatImage height = ValleyDepth{}(negated, s.fromPx, s.toPx, s.flankPx, policy);
    // Of those, the ones above both sides by `height` of the contrast (all lie in the box).
    updateEachPixel(ridge, policy, [&](std::size_t i, std::uint8_t onRidge) -> std::uint8_t {
        if (onRidge == 0) return 0;
        const int x = static_cast<int>(i % static_cast<std::size_t>(w));
        const int y = static_cast<int>(i / static_cast<std::size_t>(w));
        return height.at(x - box.x0, y - box.y0) > s.height * contrast.data()[i];
    });
    // A piece is the ridge pixels of one component of the ridge widened by gapPx: noise breaks
    // a faint shaft's ridge into pieces a few pixels apart, each too short on its own.
    const Mask grouped = s.gapPx >= 1.0 ? DiskMorphology{}.dilate(ridge, s.gapPx, policy) : ridge;
    const ComponentMap cm = ConnectedComponents{}(grouped, Connectivity::Four, policy);
    if (cm.components.empty()) return ridge;
    std::vector<ThinRidgePiece> pieces(cm.components.size() + 1);
    for (ThinRidgePiece& p : pieces) {
        p.minX = w;
        p.minY = h;
        p.maxX = -1;
        p.maxY = -1;
    }
    // Integer counts, summed in raster order: exact.
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            const std::int32_t l = cm.labels.data()[i];
            if (l == 0 || ridge.data()[i] == 0) continue;
            ThinRidgePiece& p = pieces[static_cast<std::size_t>(l)];
            ++p.area;
            p.minX = std::min(p.minX, x);
            p.minY = std::min(p.minY, y);
            p.maxX = std::max(p.maxX, x);
            p.maxY = std::max(p.maxY, y);
            p.nearSides += x < s.framePx || x >= w - s.framePx ? 1 : 0;
            p.nearEnds += y < s.framePx || y >= h - s.framePx ? 1 : 0;
            p.deep += distanceMm.data()[i] >= s.deepMm ? 1 : 0;
            p.faint += image.data()[i] <= tissueLevel.data()[i] + contrast.data()[i] ? 1 : 0;
        }
    }
    std::vector<char> keep(pieces.size(), 0);
    for (std::size_t l = 1; l < pieces.size(); ++l) keep[l] = isThinBoneRidge(pieces[l], s) ? 1 : 0;
    return intersect(selectComponents(cm, keep, policy), ridge, policy);
}

}  // namespace xrayprep::processing
