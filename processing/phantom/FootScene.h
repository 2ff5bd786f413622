#pragma once

#include <string>
#include <vector>

#include "processing/phantom/SdfShape.h"
#include "processing/phantom/ThicknessMap.h"

namespace xrayprep::processing {

class FootFrame;
class BoneJitter;

// The sample's reference field in design millimetres: 2920 x 2320 pixels at 0.15 mm. Every
// other image size maps the same field onto its pixels, so the anatomy scales with the size.
// (The projection model sizes its field per view and image aspect: see SceneLayout.)
inline constexpr double kPhantomFieldWidthMm = 438.0;
inline constexpr double kPhantomFieldHeightMm = 348.0;

// One bone: its outline and how strongly (and how unevenly) it attenuates.
struct PhantomBone {
    std::string name;
    SdfBlob shape;
    double attenuation = 1100.0;  // added brightness at the reference 12 bits, before rim/core
    double cortexMm = 1.6;        // decay length of the brighter cortical rim
    double coreDepthMm = 8.0;     // depth at which the darker trabecular centre is reached
    // Projection model: half the bone's thickness along the beam (a rounded solid of this
    // radius at its outline), and open growth plates: cartilage gaps that are not bone.
    double radiusMm = 8.0;
    std::vector<SdfPrimitive> growthPlates;
};

// Burned-in text: lines drawn with the 5x7 bitmap font, top-left corner in design mm.
struct PhantomText {
    double x = 0.0, y = 0.0;
    double cellMm = 1.05;   // pitch of the font's cells
    double strokeMm = 0.6;  // stroke width
    std::vector<std::string> lines;
};

// A lead orientation letter; top-left corner of its box in design mm.
struct PhantomMarker {
    char letter = 'R';
    double x = 0.0, y = 0.0;
    double heightMm = 27.0;
    double strokeMm = 3.75;
};

// How the anatomy of a view is placed: the frame (position, scale, rotation, ray spread),
// per-bone jitter, and the anatomy's own variations.
struct AnatomyPose {
    const FootFrame& frame;
    const BoneJitter& jitter;
    bool child = false;    // open growth plates
    double oblique = 0.0;  // 0: DP foot; 1: medial oblique (lateral ray bases overlap)
    // Projection model: real proportions where the sample's differ (a fuller calf behind the
    // tibia in the lateral view).
    bool projection = false;
};

// Everything of one view in design millimetres: anatomy, collimator bands, text and marker.
struct FootScene {
    SdfBlob envelope;           // the limb's soft-tissue outline
    double skinOffsetMm = 0.0;  // projection model: grows (+) or shrinks the outline
    ThicknessMap tissue;        // soft-tissue thickness along the beam (projection model)
    std::vector<PhantomBone> bones;
    // The part of the anatomy that must lie inside the field (the leg may leave it).
    DesignBox fitBox;
    bool legLeavesTop = false;               // the leg runs off the top edge of the field
    std::vector<DesignBox> collimatorBands;  // sample: unexposed margins along image edges
    PhantomText text;                        // sample
    PhantomMarker marker;                    // sample

    // The sample's views. Dorsoplantar right foot, toes up.
    static FootScene planar();
    // Lateral view, heel left, toes right, the distal tibia and fibula entering from the top.
    static FootScene lateral();

    // The anatomy alone (no bands, text or marker), placed by `pose`.
    static FootScene planarAnatomy(const AnatomyPose& pose);
    static FootScene lateralAnatomy(const AnatomyPose& pose);
    static FootScene ankleAnatomy(const AnatomyPose& pose);

    // Signed distance to the skin (negative inside), the offset included.
    [[nodiscard]] double skinDistance(double x, double y) const {
        return envelope.distance(x, y) - skinOffsetMm;
    }
    // Mirrors everything about the vertical line x = axis (a left limb from a right one).
    void mirrorX(double axis);
};

}  // namespace xrayprep::processing
