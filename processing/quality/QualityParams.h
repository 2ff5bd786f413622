#pragma once

namespace xrayprep::processing {

// Limits of the plausibility checks of a run's bone mask (MaskQuality). Fractions of the
// anatomy are of its pixel count; lengths are fractions of the image side they run along.
struct QualityParams {
    // empty: the mask needs at least this fraction of the anatomy (and never 0 pixels).
    double minAreaFraction = 0.002;
    // whole-anatomy: the mask may cover at most this fraction of the anatomy (soft tissue
    // kept when it covers more).
    double maxAnatomyCoverage = 0.9;
    // border: the longest unbroken stretch of mask pixels on one image edge, as a fraction of
    // that edge; bones leave the image (the tibia at the top), collimator bands run along it.
    double maxBorderRun = 0.3;
    // straight-edge: an outline segment within straightAngle degrees of an image axis, straight
    // to max(straightTolerance px, straightToleranceMm) and at least minStraightLength of the
    // image side it runs along, is what a platform, collimator band or cut leaves.
    double minStraightLength = 0.35;
    double straightAngle = 10.0;
    double straightTolerance = 1.5;
    double straightToleranceMm = 0.3;
    // ... unless the image (when the check is given one) is brighter just inside the stretch
    // than just outside it by at least this share of the anatomy's value range (5th to 95th
    // percentile): then it is a bone's own straight edge, a tibia's or fibula's shaft, with
    // soft tissue outside. A platform, a collimator band or a cut through bone has bone or
    // something brighter on the outside.
    double minStraightContrast = 0.05;
    // fraction: the mask's share of the anatomy must lie in [minBoneFraction, maxBoneFraction].
    double minBoneFraction = 0.05;
    double maxBoneFraction = 0.85;
    // fragments: a piece below smallFragment of the mask's area is small; more than
    // maxSmallFragments small ones, or more than maxFragments pieces, is too many. Not 2 %:
    // the phalanges of a dorsoplantar foot are separate pieces of 0.3-2 % of the bone mask
    // each (13 of them in the phantom's true mask), and a correct mask must pass; segmentation
    // debris is far smaller.
    double smallFragment = 0.002;
    int maxSmallFragments = 10;
    int maxFragments = 25;
    // textured-gap: at most this much of the anatomy (mm²) may have the fine texture of bone
    // (TexturedGap: above textureRatio times the soft tissue's, textureDepthMm or more inside
    // the anatomy, where a disk of radius textureThicknessMm inside it reaches) and be left out of
    // the mask. A calcaneus whose interior is no brighter than the heel's soft tissue is
    // 1000-3000 mm²; a correct mask leaves at most a few hundred (bone seams, a tibia's canal).
    double maxTexturedGapMm2 = 500.0;
    double textureRatio = 2.2;
    double textureDepthMm = 4.0;
    double textureThicknessMm = 5.0;

    bool operator==(const QualityParams&) const = default;
};

}  // namespace xrayprep::processing
