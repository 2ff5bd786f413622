#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/contour/AnatomyFinder.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::processing {

// What the regions method hands back on the working grid.
struct BoneRegions {
    Mask bone;  // the bone mask (working grid)
    AnatomyFound anatomy;
    // The intermediate evidence (working grid), for inspection and tests.
    Mask confident;                 // confident bone (above the edge level)
    Mask tissue;                    // confident soft tissue
    Mask plantar;                   // plantar soft tissue (part of tissue; none: no platform)
    Mask candidate;                 // bone candidates before the watershed
    Mask edges;                     // structural (bone) edges
    Raster<std::uint8_t> enclosed;  // directions (of 8) in which bone edges enclose a pixel
    // The smallest area an outline keeps (working pixels); traceOutline fills `contours`.
    double minArea = 0.0;
    std::vector<Contour> contours;  // working-grid coordinates, once traced
    std::vector<std::string> notes;
};

// The method's smooth outline of a bone mask: the mask blurred a little (boneOutlineField),
// traced at the half level, outlines smaller than minArea (working pixels) left out.
[[nodiscard]] FloatImage boneOutlineField(const Mask& bone, const ExecutionPolicy& policy);
[[nodiscard]] std::vector<Contour> traceBoneOutline(const FloatImage& field, double minArea,
                                                    const ExecutionPolicy& policy);

// The contour stage's default method, for real radiographs (SPEC §3.4):
//  1. the anatomy (AnatomyFinder: bands, platforms, background, objects apart);
//  2. edge evidence (EdgeEvidence): sharp edges that are not the skin, and the local grey level
//     halfway up them, a threshold that follows the soft tissue's thickness;
//  3. confident bone: above that level, clear of the skin;
//  4. enclosure: in how many of 8 directions a pixel meets bone edges before open tissue;
//  5. confident tissue: open in at least half the directions and reachable from the skin
//     without crossing a strong edge (the thick tissue of the calf, heel and sole included),
//     and on a platform the plantar tissue (PlantarTissueFinder: it sees the sole band without
//     crossing a bone edge or confident bone);
//  6. local tissue and bone levels from those two; candidates above tissue + boneLevel of
//     the contrast, and wide enclosed interiors (hollow-looking bones) above fillLevel; the
//     candidates' cells between edges that are darker than the bones beside them
//     (DarkCellFinder) are tissue;
//  7. a marker watershed on the Sobel edges decides the band of bandMm around the candidate;
//  8. pockets enclosed by bone filled, small pieces dropped, pieces whose outline is not on
//     edges (soft tissue) or is razor sharp (burned-in markers, text) dropped, the confident
//     cores of those that are on edges by themselves and near the bones kept kept again;
//  9. holes filled, gaps narrower than 2 closeMm closed (holes the closing leaves between
//     several bones stay open unless small).
// The outline is traced apart (traceOutline): the contour stage traces it once, after its
// texture fill, which grows the bone of many films (a trace before it was thrown away).
class BoneRegionsMethod {
  public:
    [[nodiscard]] BoneRegions operator()(const FloatImage& median, const FloatImage& sobel,
                                         float maxValue, double workingMm, const ContourParams& p,
                                         const ExecutionPolicy& policy,
                                         const CancelToken* cancel) const;
    // Sets found.contours: the outline of found.bone at sub-pixel precision.
    static void traceOutline(BoneRegions& found, const ExecutionPolicy& policy);
};

}  // namespace xrayprep::processing
