#pragma once

#include "processing/contour/EdgeEvidence.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The bone pieces' filters of the regions method (BoneRegionsMethod, steps 8 and 9), on the
// working grid; the CUDA backend has the same ones (DevicePieceFilter).

// Drops the pieces of `bone` whose outline against the rest of `anatomy` does not lie on edges
// (the median of fine gradient / local edge strength along it below kOnEdges, or a fine/coarse
// ratio below kOnSteps; the largest piece is kept whatever when keepLargest), those whose
// outline is razor sharp (above kRazorSharp: burned-in markers and text on the skin), lead
// letters lying in the skin (kLeadSharp), pieces within the skin layer with half their pixels
// (kSkinPieceMm: a letter's stroke touching the skin), pieces darker than kPieceContrast (z: the
// brightness above the local tissue level in units of the contrast), those shaped as a calibration
// ball and those lying on a platform (kSolePieceShare of them in EdgeEvidence::sole). `dropped`
// counts the pieces that went; *softOutline (optional) receives those that went for their
// outline or brightness alone (not razor sharp, no lead letter, ball, platform or skin-layer
// piece).
[[nodiscard]] Mask keepPiecesOnEdges(const Mask& bone, const Mask& anatomy, const EdgeEvidence& ev,
                                     const FloatImage& z, double mm, const ExecutionPolicy& policy,
                                     int& dropped, bool keepLargest = true,
                                     Mask* softOutline = nullptr);

// keepPiecesOnEdges, then the rescue of small bones that went with the tissue around them (a
// child's toes that the watershed joined through their webs into one piece): the `confident`
// core of a piece that went for its outline alone is judged by itself and kept when it passes
// and lies within kRescueNearMm of the bones kept (no bone of the foot lies farther from the
// others; a radiopaque clip in the tissue may). `dropped` counts the pieces the first pass
// dropped.
[[nodiscard]] Mask keepBonePieces(const Mask& bone, const Mask& confident, const Mask& anatomy,
                                  const EdgeEvidence& ev, const FloatImage& z, double mm,
                                  const ExecutionPolicy& policy, int& dropped);

// The notches of `notches` whose outline does not lie on edges: the kNotchOutlineQuantile of
// fine gradient / local edge strength over the pixels of `closed` next to a notch (each counted
// for the lowest notch label among its 4-neighbours) below kNotchOffEdges. A medullary canal the
// image's edge cuts open is bounded by the bone's inner (endosteal) surface, a gradual ramp into
// the canal; the tissue between two bones that meet below the cut (a tibia and a fibula, two
// toes) by the bones' outer surfaces, edges as sharp as any bone outline.
[[nodiscard]] Mask keepNotchesOffEdges(const Mask& notches, const Mask& closed,
                                       const EdgeEvidence& ev, const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
