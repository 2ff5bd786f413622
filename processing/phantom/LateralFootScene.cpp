#include <algorithm>
#include <string_view>

#include "processing/phantom/AnatomyAssembly.h"
#include "processing/phantom/BoneJitter.h"
#include "processing/phantom/FootFrame.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/LongBone.h"

namespace xrayprep::processing {

namespace {

// Metatarsals overlap in this view (2-4 nearly on top of each other); the lesser toes are drawn
// as one overlapped ray beside the hallux.
constexpr LongBone kLongBones[] = {
    {"metatarsal 1", 190, 64, 310, 24, 11, 7, 10, 1150},
    {"metatarsal 2", 192, 73, 310, 30, 7.5, 4.5, 6.5, 1000},
    {"metatarsal 3", 190, 66, 305, 28, 7.5, 4.5, 6.5, 1000},
    {"metatarsal 4", 184, 56, 296, 26, 7.5, 4.5, 6.5, 1000},
    {"metatarsal 5", 162, 43, 282, 19, 8, 4.8, 6, 1050},
    {"hallux proximal", 314, 22, 338, 21, 8.5, 5.5, 7, 1150},
    {"hallux distal", 342, 20.5, 358, 19, 7, 4.5, 5, 1150},
    {"toes proximal", 313, 26, 333, 26, 5.5, 3.5, 4.5, 1050},
    {"toes middle", 336, 26, 344, 25.5, 4.5, 3.3, 4, 1050},
    {"toes distal", 347, 25, 354, 24, 4, 2.7, 3, 1050},
};

}  // namespace

FootScene FootScene::lateralAnatomy(const AnatomyPose& pose) {
    // Anatomy in millimetres: u from the back of the heel towards the toes, v up from the sole.
    const FootFrame& f = pose.frame;
    AnatomyAssembly assembly(pose, 18.0);
    FootScene& scene = assembly.scene();

    // Seen from the side the beam crosses the whole width of the foot: thick at the midfoot and
    // the ankle, thinner at the heel and the toes.
    assembly.tissue(f.ellipse(40, 44, 40, 44), 40.0);
    assembly.tissue(f.ellipse(135, 50, 100, 50), 48.0);
    assembly.tissue(f.capsule(190, 42, 318, 23, 38, 20), 42.0);
    assembly.tissue(f.capsule(300, 22, 360, 19, 19, 13), 26.0);
    assembly.tissue(f.ellipse(94, 96, 60, 52), 50.0);
    scene.fitBox = scene.envelope.bounds();
    scene.fitBox.y0 = std::min(scene.fitBox.y0, f.y(94, 190));  // some leg above the ankle
    if (pose.projection) {
        assembly.tissue(f.capsule(88, 120, 78, 420, 60, 58), 54.0);
    } else {
        assembly.tissue(f.capsule(100, 120, 92, 420, 50, 45), 54.0);
    }
    scene.legLeavesTop = true;

    auto& bones = scene.bones;
    {
        const FootFrame b = assembly.boneFrame(68, 44);
        PhantomBone calc{"calcaneus", SdfBlob(b.len(10.0)), 1150.0, b.len(1.8),
                         b.len(15.0), b.len(18.0),          {}};
        // Body, posterior tuberosity, posterior facet under the talus, anterior process.
        calc.shape.add(b.roundBox(70, 42, 40, 18, 8, 12))
            .add(b.ellipse(30, 38, 20, 24, -10))
            .add(b.ellipse(82, 60, 22, 9, -5))
            .add(b.capsule(100, 50, 116, 49, 12, 11));
        // The calcaneal apophysis at the back of the tuberosity.
        if (pose.child) calc.growthPlates.push_back(b.gapAcross(0, 38, 60, 38, 0.35, 30, 1.6));
        bones.push_back(std::move(calc));
    }
    {
        const FootFrame b = assembly.boneFrame(108, 84);
        PhantomBone talus{"talus",     SdfBlob(b.len(8.0)), 1200.0, b.len(1.6),
                          b.len(13.0), b.len(16.0),         {}};
        talus.shape.add(b.ellipse(92, 88, 27, 19))
            .add(b.capsule(100, 82, 128, 79, 13, 12))
            .add(b.ellipse(134, 77, 13, 14));
        bones.push_back(std::move(talus));
    }
    {
        const FootFrame b = assembly.boneFrame(157, 75);
        PhantomBone nav{"navicular", SdfBlob(0.0), 1100.0, b.len(1.4), b.len(6.0), b.len(12.0), {}};
        nav.shape.add(b.ellipse(157, 75, 9, 16, -10));
        bones.push_back(std::move(nav));
    }
    {
        const FootFrame b = assembly.boneFrame(138, 44);
        PhantomBone cub{"cuboid", SdfBlob(0.0), 1050.0, b.len(1.5), b.len(8.0), b.len(12.0), {}};
        cub.shape.add(b.roundBox(138, 44, 17, 12, -12, 5));
        bones.push_back(std::move(cub));
    }
    {
        const FootFrame b = assembly.boneFrame(180, 67);
        PhantomBone cun{"cuneiforms", SdfBlob(0.0), 1100.0, b.len(1.5),
                        b.len(9.0),   b.len(14.0),  {}};
        cun.shape.add(b.roundBox(180, 67, 13, 17, -18, 5));
        bones.push_back(std::move(cun));
    }
    for (const LongBone& lb : kLongBones) {
        const FootFrame b = assembly.boneFrame(lb.centreU(), lb.centreV());
        bones.push_back(lb.place(b));
        if (std::string_view(lb.name) == "metatarsal 5") {
            bones.back().shape.add(b.ellipse(166, 37, 10, 8));  // tuberosity
        }
    }
    {
        const FootFrame b = assembly.boneFrame(97, 140);
        PhantomBone tibia{"tibia",     SdfBlob(b.len(8.0)), 1150.0, b.len(2.2),
                          b.len(14.0), b.len(15.0),         {}};
        tibia.shape.add(b.roundBox(96, 120, 26, 9, 0, 4))
            .add(b.capsule(98, 124, 90, 420, 24, 19))
            .add(b.capsule(114, 124, 117, 104, 8, 7));
        if (pose.child) tibia.growthPlates.push_back(b.gapAcross(97, 100, 96, 170, 0.43, 34, 1.8));
        bones.push_back(std::move(tibia));
    }
    {
        const FootFrame b = assembly.boneFrame(70, 140);
        PhantomBone fibula{"fibula",   SdfBlob(b.len(6.0)), 950.0, b.len(1.4),
                           b.len(6.0), b.len(7.0),          {}};
        fibula.shape.add(b.capsule(72, 104, 64, 420, 9, 7)).add(b.ellipse(74, 94, 9, 17));
        if (pose.child) fibula.growthPlates.push_back(b.gapAcross(74, 80, 72, 140, 0.5, 16, 1.6));
        bones.push_back(std::move(fibula));
    }
    return std::move(scene);
}

FootScene FootScene::lateral() {
    const FootFrame f(30.0, 312.0, 0.97, 0.0);
    const BoneJitter none;
    FootScene scene = lateralAnatomy(AnatomyPose{f, none});

    // Collimator: unexposed margins along the bottom (below the sole) and the right edge.
    scene.collimatorBands = {{0.0, 326.0, kPhantomFieldWidthMm, kPhantomFieldHeightMm},
                             {408.0, 0.0, kPhantomFieldWidthMm, kPhantomFieldHeightMm}};
    scene.text = PhantomText{
        250.0, 12.0, 1.2, 0.5, {"XRAYPREP PHANTOM", "2024-03-15 10:44", "L LAT 55KV 4MAS"}};
    scene.marker = PhantomMarker{'L', 14.0, 24.0, 27.0, 3.75};
    return scene;
}

}  // namespace xrayprep::processing
