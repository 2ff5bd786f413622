#include <string_view>

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

FootScene FootScene::lateral() {
    // Anatomy in millimetres: u from the back of the heel towards the toes, v up from the sole.
    const FootFrame f(30.0, 312.0, 0.97, 0.0);
    FootScene scene;

    scene.envelope = SdfBlob(f.len(18.0));
    scene.envelope.add(f.ellipse(40, 44, 40, 44))
        .add(f.ellipse(135, 50, 100, 50))
        .add(f.capsule(190, 42, 318, 23, 38, 20))
        .add(f.capsule(300, 22, 360, 19, 19, 13))
        .add(f.ellipse(94, 96, 60, 52))
        .add(f.capsule(100, 120, 92, 420, 50, 45));

    auto& bones = scene.bones;
    {
        PhantomBone calc{"calcaneus", SdfBlob(f.len(10.0)), 1150.0, f.len(1.8), f.len(15.0)};
        // Body, posterior tuberosity, posterior facet under the talus, anterior process.
        calc.shape.add(f.roundBox(70, 42, 40, 18, 8, 12))
            .add(f.ellipse(30, 38, 20, 24, -10))
            .add(f.ellipse(82, 60, 22, 9, -5))
            .add(f.capsule(100, 50, 116, 49, 12, 11));
        bones.push_back(std::move(calc));
    }
    {
        PhantomBone talus{"talus", SdfBlob(f.len(8.0)), 1200.0, f.len(1.6), f.len(13.0)};
        talus.shape.add(f.ellipse(92, 88, 27, 19))
            .add(f.capsule(100, 82, 128, 79, 13, 12))
            .add(f.ellipse(134, 77, 13, 14));
        bones.push_back(std::move(talus));
    }
    {
        PhantomBone nav{"navicular", SdfBlob(0.0), 1100.0, f.len(1.4), f.len(6.0)};
        nav.shape.add(f.ellipse(157, 75, 9, 16, -10));
        bones.push_back(std::move(nav));
    }
    {
        PhantomBone cub{"cuboid", SdfBlob(0.0), 1050.0, f.len(1.5), f.len(8.0)};
        cub.shape.add(f.roundBox(138, 44, 17, 12, -12, 5));
        bones.push_back(std::move(cub));
    }
    {
        PhantomBone cun{"cuneiforms", SdfBlob(0.0), 1100.0, f.len(1.5), f.len(9.0)};
        cun.shape.add(f.roundBox(180, 67, 13, 17, -18, 5));
        bones.push_back(std::move(cun));
    }
    for (const LongBone& b : kLongBones) {
        bones.push_back(b.place(f));
        if (std::string_view(b.name) == "metatarsal 5") {
            bones.back().shape.add(f.ellipse(166, 37, 10, 8));  // tuberosity
        }
    }
    {
        PhantomBone tibia{"tibia", SdfBlob(f.len(8.0)), 1150.0, f.len(2.2), f.len(14.0)};
        tibia.shape.add(f.roundBox(96, 120, 26, 9, 0, 4))
            .add(f.capsule(98, 124, 90, 420, 24, 19))
            .add(f.capsule(114, 124, 117, 104, 8, 7));
        bones.push_back(std::move(tibia));
    }
    {
        PhantomBone fibula{"fibula", SdfBlob(f.len(6.0)), 950.0, f.len(1.4), f.len(6.0)};
        fibula.shape.add(f.capsule(72, 104, 64, 420, 9, 7)).add(f.ellipse(74, 94, 9, 17));
        bones.push_back(std::move(fibula));
    }

    // Collimator: unexposed margins along the bottom (below the sole) and the right edge.
    scene.collimatorBands = {{0.0, 326.0, kPhantomFieldWidthMm, kPhantomFieldHeightMm},
                             {408.0, 0.0, kPhantomFieldWidthMm, kPhantomFieldHeightMm}};
    scene.text = PhantomText{
        250.0, 12.0, 1.2, 0.5, {"XRAYPREP PHANTOM", "2024-03-15 10:44", "L LAT 55KV 4MAS"}};
    scene.marker = PhantomMarker{'L', 14.0, 24.0, 27.0, 3.75};
    return scene;
}

}  // namespace xrayprep::processing
