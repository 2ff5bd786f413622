#pragma once

#include <string>
#include <vector>

#include "processing/phantom/SdfShape.h"

namespace xrayprep::processing {

// The phantom's reference field in design millimetres: 2920 x 2320 pixels at 0.15 mm. Every
// other image size maps the same field onto its pixels, so the anatomy scales with the size.
inline constexpr double kPhantomFieldWidthMm = 438.0;
inline constexpr double kPhantomFieldHeightMm = 348.0;

// One bone: its outline and how strongly (and how unevenly) it attenuates.
struct PhantomBone {
    std::string name;
    SdfBlob shape;
    double attenuation = 1100.0;  // added brightness at the reference 12 bits, before rim/core
    double cortexMm = 1.6;        // decay length of the brighter cortical rim
    double coreDepthMm = 8.0;     // depth at which the darker trabecular centre is reached
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

// Everything of one view in design millimetres: anatomy, collimator bands, text and marker.
struct FootScene {
    SdfBlob envelope;  // the foot's soft-tissue outline
    std::vector<PhantomBone> bones;
    std::vector<DesignBox> collimatorBands;  // unexposed margins along image edges
    PhantomText text;
    PhantomMarker marker;

    // Dorsoplantar right foot, toes up.
    static FootScene planar();
    // Lateral view, heel left, toes right, the distal tibia and fibula entering from the top.
    static FootScene lateral();
};

}  // namespace xrayprep::processing
