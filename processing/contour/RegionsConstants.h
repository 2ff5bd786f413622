#pragma once

// The fixed proportions of the regions method (BoneRegionsMethod, EdgeEvidence): the tunable
// ones are ContourParams. One header so that every implementation of the method (the CPU
// reference and the CUDA backend) uses the same numbers.
namespace xrayprep::processing::regions {

// Edge evidence.
constexpr float kSharpFrom = 2.0f;  // fine / coarse gradient ratio where a ramp ends
// rel = (max - min) / (max - background) over 2 mm: 1 where the dark side of an edge is the
// background (skin, clothing). Edges above kSkinEdge do not set the level; above kSkinEdgeE
// they are not structural edges either. 0.65 rather than 0.55: once the background flood stops
// at the skin (contour.backgroundCeiling 0.15), the cortex of a bone under a thin skin (shin,
// heel, dorsum of the foot) has rel 0.55-0.65 and belongs in the level; measured on the tuning
// half of the films (bone points 178 -> 185 of 211 with the ceiling) and on the phantoms.
constexpr float kSkinEdge = 0.65f;
constexpr float kSkinEdgeE = 0.80f;
// The level's weights need contrast: the 2-mm max - min of an edge against the 90th percentile
// of the strong sharp edges' (ref): none below kGateLow x ref, full above kGateHigh x ref.
constexpr float kGateLow = 0.15f;
constexpr float kGateHigh = 0.30f;
constexpr float kEdgeStrength = 0.5f;  // E: fine gradient above this part of the local strength
// An edge must stand out of the noise: its fine gradient above this multiple of the anatomy's
// median fine gradient (smooth tissue and noise make the median) to set the level ...
constexpr float kNoiseGate = 3.0f;
// ... and above this multiple to be a structural edge E. Lower: on a small or smooth film the
// cortex of a calcaneus behind a thin heel pad is a broad edge whose fine gradient stays
// below the level's gate, and without it the skin's tissue floods the bone; the level keeps
// the higher gate, so trabecular texture in grainy films does not shift it.
constexpr float kStructuralNoiseGate = 1.5f;

// Bone regions.
constexpr double kConfidentBoneMm2 = 4.0;  // smaller confident-bone specks are noise
constexpr int kOpenDirections = 4;         // confident tissue: open in at least 8 - this
constexpr int kEnclosedDirections = 7;     // wide interiors: enclosed in at least this many
constexpr float kStrongEdge = 1.0f;        // tissue floods stop at edges above this x strength
constexpr double kFillOpenMm = 2.5;        // wide interiors are at least this wide
constexpr float kLevelDensity = 0.02f;     // below this density local levels blend to global
constexpr double kSealMm = 1.0;            // pockets enclosed by bone: closing radius
constexpr double kFineMm = 0.7;            // smoothing before the valley depth
constexpr double kValleyFromMm = 2.0;      // valleys: bright on both sides 2..5 mm away
constexpr double kValleyToMm = 10.0;
constexpr double kValleyFlankMm = 3.0;  // ... where each side stays bright over 3 mm
// Thin bones (a child's, the lesser toes' phalanges) stay bright over less: valleys whose sides
// stay bright over 2 mm are soft tissue too where they are not confident bone and the skin's
// tissue reaches them (the web between two toes). Everywhere, 2 mm took the dim interior of a
// cuboid between its cortices for such a valley.
constexpr double kThinValleyFlankMm = 2.0;
// Holes of the final mask up to this area are filled whatever they hold: no soft tissue
// between two bones is that small, and the thin valleys leave such pockets inside bones.
constexpr double kAlwaysFilledMm2 = 40.0;
// Joint spaces (JointSpaceFinder): what the pocket sealing and the hole filling add (step 8)
// that is larger than kAlwaysFilledMm2, lies in deep valleys with kJointValleyShare of its
// pixels and whose outline lies within kJointEdgeReachPx of bone edges with kJointEdgeShare of
// its pixels stays open. A calcaneus's dim interior, a valley too, has its outline on edges for
// 0-26 % on the films; the sinus tarsi, joint spaces and a child's wide ankle joint 63-100 %.
constexpr double kJointValleyShare = 0.25;
constexpr double kJointEdgeShare = 0.5;
constexpr double kJointEdgeReachPx = 1.5;
// Gaps the final closing must not bridge: valleys whose sides stay bright over 6 mm, a whole
// bone (a metatarsal, a fibula) rather than a cortex (a calcaneus's, 1-5 mm projected); 5 mm
// took the dim interior of a calcaneus on a tuning film for such a gap.
constexpr double kGapFlankMm = 6.0;
// A gap between two whole bones that opens onto the image's edge (the tibia and fibula of a leg
// the image cuts, two metatarsals whose toes it cuts) is not bridged either when its sides stay
// bright this far: a fibula, a metatarsal's shaft. A tibia's medullary canal, whose sides are
// cortices a few mm thick, also opens onto the edge and stays bridgeable.
constexpr double kEdgeGapFlankMm = 12.0;
constexpr float kValleyDepth = 0.25f;  // ... by at least this part of the local contrast
// A notch of the mask that the image's edge cuts open is judged as a hole (a medullary canal)
// when this quantile of fine gradient / local edge strength along its outline stays below
// kNotchOffEdges: a canal's walls are the bone's inner surface, a ramp (0.4-0.85 on the films);
// the tissue between two bones has a bone's outer surface on at least one side, edges that make
// the local strength (1.0-1.4 on the films and on the child phantom, where the other side may
// lie in the tissue beside a faint fibula and measure near 0, so the median would not do).
constexpr double kNotchOutlineQuantile = 0.75;
constexpr float kNotchOffEdges = 0.95f;
// A hole of the final mask larger than holeMaxMm2 of which at least this share is a valley
// between two whole bones (sides bright across kGapFlankMm) stays open, also within one bone
// piece (two bones that meet at both ends of the tissue); a bone's own dim interior, between
// cortices, fills as before.
constexpr double kValleyHoleShare = 0.5;
// Dark cells (DarkCellFinder): an edge band is crossed within kCellCrossMm; beyond it (or from
// the open tissue beside the cell) the image stays brighter than the cell over kCellFlankMm (a
// bone's width, not a cortex line's); a cell with at least kCellMinVotes votes is tissue when
// kDarkCellShare of them say brighter, or kDarkCellShare of those across edges do and at least
// kDarkCellBalance of these come from opposite sides (a valley between two bones).
constexpr double kCellCrossMm = 2.0;
constexpr double kCellFlankMm = 3.0;
constexpr int kCellMinVotes = 10;
constexpr double kDarkCellShare = 0.8;
constexpr double kDarkCellBalance = 0.2;
// Thin bones by their ridge (ThinBoneRidgeFinder): brighter than both sides 2..5 mm away over
// 2 mm flanks by kRidgeHeight of the local contrast, above the tissue level by kRidgeLevel of
// it; a piece at least kRidgeMinLengthMm long (a fibula's or a metatarsal's shaft), at most
// kRidgeMaxWidthMm wide on average, not along a side within kRidgeFrameMm, half of it at least
// kRidgeDeepMm inside the anatomy; the tissue within kRidgeClearMm of it is not marked tissue.
// A piece is taken on the ridge widened by kRidgeGapMm: pieces up to twice that apart are one.
constexpr double kRidgeFromMm = 2.0;
constexpr double kRidgeToMm = 5.0;
constexpr double kRidgeFlankMm = 2.0;
constexpr float kRidgeHeight = 0.25f;
constexpr float kRidgeLevel = 0.25f;
constexpr double kRidgeMinLengthMm = 40.0;
constexpr double kRidgeMaxWidthMm = 4.0;
constexpr double kRidgeFrameMm = 15.0;
constexpr float kRidgeDeepMm = 6.0f;
constexpr double kRidgeClearMm = 2.0;
constexpr double kRidgeGapMm = 2.0;
// The confident core of a piece dropped for its outline is kept when it is on edges by itself
// and within this distance of the bones kept (BoneRegionsMethod, step 8).
constexpr double kRescueNearMm = 10.0;
constexpr double kMinFraction = 0.002;  // pieces below this part of the largest go
// A piece's outline: median edge strength at least kOnEdges. A bone beside the skin's ramp (a
// child's fibula, a calcaneus's posterior rim) has one soft side: its outlines measure 0.65-0.7.
constexpr float kOnEdges = 0.65f;
// ... and at most this (markers, text): bone outlines measure up to about 1.2 on the films and
// the plain phantoms, a lead letter on the skin 2.3 and more (halos of edge-enhanced
// processing push a few small bones above 2).
constexpr float kRazorSharp = 2.1f;
constexpr float kOnSteps = 1.6f;  // and the fine/coarse gradient ratio along it (ramps: 1-1.5)
// A piece's median (W - tissue) / contrast at least kPieceContrast. A faint bone whose outer half
// the skin's tissue reached pulls that tissue level up itself (a child's distal fibula: 0.46).
constexpr float kPieceContrast = 0.45f;
// A piece that lies in the skin layer (the median distance of its pixels from the skin below
// kLeadSkinMm) and whose outline is both well above the local edge strength (kLeadSharp) and a
// clean step (fine/coarse ratio above kLeadSteps) is a lead letter resting on the skin, below
// kRazorSharp where the letter stands over thick tissue. Bone outlines measure up to 1.2 and 3.3
// on the films; the halos of edge-enhanced processing take small phantom bones to 2.4 and 5.4,
// but those lie 13 mm and more inside the skin; letters on the skin measure 1.9-2.1 and
// 5.3-11.6, 2-5 mm from the skin.
constexpr float kLeadSharp = 1.6f;
constexpr float kLeadSteps = 4.5f;
constexpr double kLeadSkinMm = 8.0;
// A piece (not the largest) whose pixels lie within this distance of the skin with half of them
// lies in the skin layer, where no bone does (the soft tissue covers every bone; the thinnest
// cover, over a toe's tuft or a malleolus, is thicker): the stroke of a lead letter that touches
// the skin, which the anatomy holds and the watershed's ties make bright "bone". Its outline
// against the anatomy is only the short contact with the skin, so the letter tests above do not
// see it (lateral+marker-skin seed 43, ankle-ap+edge-enhanced+marker-skin seed 21: 340 and 661
// of the letter's pixels in the final image). The default skin band (ContourParams::skinMm).
constexpr float kSkinPieceMm = 2.0f;
// A piece that fills a disk (no more than kBallOutside of its pixels outside the disk of its
// own area around its centroid) 12 to 40 mm across is a calibration ball resting against the
// skin, not a bone: no bone of the foot or ankle projects as a filled circle that large.
constexpr double kBallMinMm = 12.0;
constexpr double kBallMaxMm = 40.0;
constexpr double kBallOutside = 0.04;
// The note after the count of pieces keepPiecesOnEdges dropped (host and device alike).
constexpr const char* kPiecesDroppedNote =
    " piece(s) whose outline is not on bone edges (soft tissue), is razor sharp (markers, text), "
    "is a filled disk (a calibration ball), lies on a platform (the sole pressed on it) or in the "
    "skin layer (a letter on the skin) dropped";
// A piece (not the largest) with at least this share of its pixels within soleMm of a platform
// lies on it: the sole's skin pressed on the platform's top, or that top itself. No bone does: a
// heel pad lies under the calcaneus, the forefoot's pad under the metatarsal heads and sesamoids
// (the strips along the platform under a weight-bearing lateral's heel lie wholly in that band).
constexpr double kSolePieceShare = 0.9;
constexpr float kOnEdgesBright = 0.5f;  // ... or this much edge strength for a piece with
constexpr float kBrightPiece = 0.8f;    // ... a median (W - tissue) / contrast at least this
// ... or this much for a piece whose outline is a clean step (a median fine/coarse gradient ratio
// at least kSharpSteps): a child's faint distal fibula beside the tibia, whose strong edges set
// the local strength, measures 0.6497 on a ratio of 2.89; the toe row's band of thick tissue on
// a child's ankle AP, a ramp, 0.625-0.648 on 2.28-2.47. No piece of the films lies between.
constexpr float kOnEdgesSharp = 0.6f;
constexpr float kSharpSteps = 2.7f;
constexpr float kNoiseMargin = 3.0f;  // confident bone: this many noise sigmas above Te
// A confident piece is a wall for the plantar tissue's rays when a bone edge lies within this
// many working pixels of it (BoneRegionsMethod, step 5).
constexpr double kPlantarWallReachPx = 2.0;

// The anatomy (AnatomyFinder): an exactly flat plateau of a quantised background has a
// gradient (of the image smoothed by one pixel) of at most kPlateauFlat of the image's spread;
// its core, kPlateauCoreMm inside the plateau's edge, seeds the background flood.
constexpr float kPlateauFlat = 1e-3f;
constexpr double kPlateauCoreMm = 2.0;

}  // namespace xrayprep::processing::regions
