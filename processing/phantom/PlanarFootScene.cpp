#include <array>
#include <string_view>

#include "processing/phantom/AnatomyAssembly.h"
#include "processing/phantom/BoneJitter.h"
#include "processing/phantom/FootFrame.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/LongBone.h"

namespace xrayprep::processing {

namespace {

// Rays 1 (hallux, medial) to 5; joint spaces of 3-4 mm stay soft tissue.
constexpr LongBone kLongBones[] = {
    {"metatarsal 1", -31, 212, -38.5, 278, 13, 8.5, 12, 1200},
    {"metatarsal 2", -12, 207, -14.5, 292, 8, 5, 8, 1150},
    {"metatarsal 3", 3.5, 205, 4.7, 286, 8, 5, 7.5, 1150},
    {"metatarsal 4", 18, 199, 22.5, 276, 8, 4.8, 7, 1100},
    {"metatarsal 5", 33, 182, 45, 261, 9, 5, 7, 1100},
    {"hallux proximal", -39, 283, -41, 310, 9.5, 6.5, 8, 1150},
    {"hallux distal", -42, 314, -43, 331, 8.5, 5.5, 6, 1150},
    {"toe 2 proximal", -14.5, 296, -15.5, 320, 6.2, 3.8, 5, 1150},
    {"toe 2 middle", -16, 323.5, -16.5, 333.5, 5, 3.8, 4.5, 1150},
    {"toe 2 distal", -17, 337, -17, 346, 4.5, 3, 3.5, 1150},
    {"toe 3 proximal", 4.7, 290.5, 5.5, 312.5, 6, 3.7, 4.8, 1150},
    {"toe 3 middle", 6, 316, 6.5, 325, 4.8, 3.6, 4.3, 1150},
    {"toe 3 distal", 7, 328.5, 7.5, 336.5, 4.3, 2.9, 3.4, 1150},
    {"toe 4 proximal", 22.5, 280, 24.5, 299, 5.8, 3.6, 4.6, 1150},
    {"toe 4 middle", 25, 302.5, 25.5, 310.5, 4.6, 3.4, 4.1, 1150},
    {"toe 4 distal", 26, 314, 26.5, 321, 4.1, 2.8, 3.2, 1150},
    {"toe 5 proximal", 45, 265, 47.5, 281, 5.6, 3.5, 4.4, 1150},
    {"toe 5 middle", 48.3, 284.5, 49, 290.5, 4.4, 3.3, 3.9, 1150},
    {"toe 5 distal", 49.5, 294, 50, 300.5, 3.9, 2.7, 3.1, 1150},
};

// Oblique view: the bases of metatarsals 3-5 slide medially over their neighbours (mm).
constexpr std::array<double, 5> kObliqueBaseShift = {0.0, 0.0, -4.0, -7.0, -10.0};

bool isMetatarsal(std::string_view name) { return name.starts_with("metatarsal"); }
bool isProximalPhalanx(std::string_view name) { return name.ends_with("proximal"); }

}  // namespace

FootScene FootScene::planarAnatomy(const AnatomyPose& pose) {
    // Anatomy in millimetres: u medial(-) to lateral(+) of a right foot, v from the back of the
    // heel towards the toes.
    const FootFrame& f = pose.frame;
    AnatomyAssembly assembly(pose, 14.0);
    FootScene& scene = assembly.scene();

    // Soft-tissue envelope: heel, midfoot, forefoot and one padded capsule per toe; the tissue
    // is thickest under the heel and thinnest at the toes.
    assembly.tissue(f.ellipse(4, 52, 56, 52), 44.0);
    assembly.tissue(f.capsule(4, 60, -2, 232, 58, 76), 40.0);
    assembly.tissue(f.ellipse(-3, 254, 84, 42, -10), 30.0);
    assembly.tissue(f.capsule(-38, 268, -43, 334, 21, 16), 22.0);
    assembly.tissue(f.capsule(-14, 280, -17, 342, 15, 11), 18.0);
    assembly.tissue(f.capsule(4, 276, 7.5, 339, 15, 11), 18.0);
    assembly.tissue(f.capsule(22, 268, 27.5, 326, 15, 11), 18.0);
    assembly.tissue(f.capsule(44, 255, 50.5, 303, 15, 11), 18.0);
    scene.fitBox = scene.envelope.bounds();

    auto& bones = scene.bones;
    {
        const FootFrame b = assembly.boneFrame(8, 70);
        PhantomBone calc{"calcaneus", SdfBlob(b.len(8.0)), 1150.0, b.len(1.8),
                         b.len(16.0), b.len(20.0),         {}};
        calc.shape.add(b.ellipse(6, 52, 36, 40, 8)).add(b.capsule(8, 64, 16, 118, 28, 23));
        bones.push_back(std::move(calc));
    }
    {
        const FootFrame b = assembly.boneFrame(-12, 115);
        PhantomBone talus{"talus",     SdfBlob(b.len(8.0)), 1200.0, b.len(1.6),
                          b.len(14.0), b.len(16.0),         {}};
        talus.shape.add(b.ellipse(-8, 100, 29, 27))
            .add(b.capsule(-10, 110, -20, 140, 21, 18))
            .add(b.ellipse(-22, 146, 22, 16, -20));
        bones.push_back(std::move(talus));
    }
    {
        const FootFrame b = assembly.boneFrame(-22, 171);
        PhantomBone nav{"navicular", SdfBlob(0.0), 1100.0, b.len(1.5), b.len(6.0), b.len(10.0), {}};
        nav.shape.add(b.ellipse(-22, 171, 28, 11, 20));
        bones.push_back(std::move(nav));
    }
    {
        const double shift = -8.0 * pose.oblique;
        const FootFrame b = assembly.boneFrame(23 + shift, 160);
        PhantomBone cub{"cuboid", SdfBlob(0.0), 1050.0, b.len(1.5), b.len(10.0), b.len(12.0), {}};
        cub.shape.add(b.roundBox(23 + shift, 160, 19, 22, 15, 6));
        bones.push_back(std::move(cub));
    }
    const std::array<std::array<double, 5>, 3> cuneiforms{{
        {-31, 196, 14, 16, -5},   // medial
        {-12, 198, 9.5, 12, 0},   // intermediate
        {3.5, 194, 10.5, 14, 5},  // lateral
    }};
    const std::array<const char*, 3> cuneiformNames{"cuneiform medial", "cuneiform intermediate",
                                                    "cuneiform lateral"};
    for (std::size_t i = 0; i < cuneiforms.size(); ++i) {
        const auto& c = cuneiforms[i];
        const double shift = i == 2 ? -3.0 * pose.oblique : 0.0;
        const FootFrame b = assembly.boneFrame(c[0] + shift, c[1]);
        PhantomBone cu{cuneiformNames[i], SdfBlob(0.0), 1080.0, b.len(1.4),
                       b.len(6.0),        b.len(10.0),  {}};
        cu.shape.add(b.roundBox(c[0] + shift, c[1], c[2], c[3], c[4], 4));
        bones.push_back(std::move(cu));
    }

    int metatarsal = 0;
    for (LongBone lb : kLongBones) {
        const std::string_view name(lb.name);
        if (isMetatarsal(name)) lb.u0 += kObliqueBaseShift[metatarsal++] * pose.oblique;
        const FootFrame b = assembly.boneFrame(lb.centreU(), lb.centreV());
        bones.push_back(lb.place(b));
        if (name == "metatarsal 5") {
            bones.back().shape.add(b.ellipse(38, 186, 11, 8.5));  // styloid process
        }
        if (pose.child) {
            // The first metatarsal's physis is at its base, the others' at the head; the
            // phalanges' at their bases.
            if (name == "metatarsal 1")
                bones.back().growthPlates.push_back(lb.growthPlate(b, 0.1));
            else if (isMetatarsal(name))
                bones.back().growthPlates.push_back(lb.growthPlate(b, 0.86));
            else if (isProximalPhalanx(name))
                bones.back().growthPlates.push_back(lb.growthPlate(b, 0.14));
        }
    }
    return std::move(scene);
}

FootScene FootScene::planar() {
    // Scaled by 0.96, rays spread by 1.18 (a broad, well padded foot that fills the field like a
    // tightly collimated radiograph) and tilted 5 degrees.
    const FootFrame f(222.0, 343.0, 0.96, 5.0, 1.18);
    const BoneJitter none;
    FootScene scene = planarAnatomy(AnatomyPose{f, none});

    // Collimator: unexposed margins at the left and right edges, clear of the foot.
    scene.collimatorBands = {{0.0, 0.0, 40.0, kPhantomFieldHeightMm},
                             {392.0, 0.0, kPhantomFieldWidthMm, kPhantomFieldHeightMm}};
    scene.text = PhantomText{
        46.0, 300.0, 1.2, 0.5, {"XRAYPREP PHANTOM", "2024-03-15 10:42", "R DP 60KV 5MAS"}};
    scene.marker = PhantomMarker{'R', 330.0, 30.0, 27.0, 3.75};
    return scene;
}

}  // namespace xrayprep::processing
