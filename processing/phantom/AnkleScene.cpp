#include <algorithm>

#include "processing/phantom/AnatomyAssembly.h"
#include "processing/phantom/BoneJitter.h"
#include "processing/phantom/FootFrame.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/LongBone.h"

namespace xrayprep::processing {

namespace {

// The foot below the ankle, foreshortened: seen from the front the metatarsals and toes are
// short and point down.
constexpr LongBone kForeshortened[] = {
    {"metatarsal 1", -24, -72, -32, -102, 10, 6.5, 8.5, 1150},
    {"metatarsal 2", -10, -74, -14, -106, 7, 4.5, 6, 1050},
    {"metatarsal 3", 2, -75, 1, -106, 7, 4.5, 6, 1050},
    {"metatarsal 4", 13, -74, 15, -103, 7, 4.3, 5.5, 1000},
    {"metatarsal 5", 24, -71, 29, -99, 8, 4.5, 5.5, 1000},
    {"hallux proximal", -33, -106, -35, -120, 8, 5.5, 6.5, 1100},
    {"toe 2 proximal", -15, -110, -16, -121, 5.5, 3.5, 4.5, 1050},
    {"toe 3 proximal", 1, -110, 1, -120, 5.2, 3.4, 4.3, 1050},
    {"toe 4 proximal", 16, -107, 17, -117, 5, 3.3, 4.1, 1050},
    {"toe 5 proximal", 30, -103, 31, -112, 4.8, 3.2, 4, 1050},
};

}  // namespace

FootScene FootScene::ankleAnatomy(const AnatomyPose& pose) {
    // Anatomy in millimetres: u medial(-) to lateral(+), v up from the tibial plafond (the
    // ankle joint line); the beam runs from the front, so the leg is seen across its width.
    const FootFrame& f = pose.frame;
    AnatomyAssembly assembly(pose, 16.0);
    FootScene& scene = assembly.scene();

    // The foot below is seen along its length: the thickest tissue of the view.
    assembly.tissue(f.ellipse(0, -10, 47, 40), 62.0);
    assembly.tissue(f.ellipse(2, -72, 54, 46), 78.0);
    assembly.tissue(f.ellipse(2, -116, 50, 20), 55.0);
    scene.fitBox = scene.envelope.bounds();
    scene.fitBox.y0 = std::min(scene.fitBox.y0, f.y(0, 90));  // the distal leg
    scene.fitBox.y1 = f.y(0, -62);  // the foot below the talus may run off the bottom edge
    assembly.tissue(f.capsule(2, 20, 6, 600, 45, 52), 66.0);
    scene.legLeavesTop = true;

    auto& bones = scene.bones;
    {
        const FootFrame b = assembly.boneFrame(-6, 60);
        PhantomBone tibia{"tibia",     SdfBlob(b.len(8.0)), 1150.0, b.len(2.2),
                          b.len(12.0), b.len(16.0),         {}};
        tibia.shape.add(b.capsule(-6, 40, -10, 600, 15, 13))
            .add(b.roundBox(-4, 16, 25, 18, 0, 8))
            .add(b.capsule(-24, 4, -25, -16, 7, 5.5));  // medial malleolus
        if (pose.child) tibia.growthPlates.push_back(b.gapAcross(-4, 0, -3, 40, 0.36, 32, 1.8));
        bones.push_back(std::move(tibia));
    }
    {
        const FootFrame b = assembly.boneFrame(31, 40);
        PhantomBone fibula{"fibula",   SdfBlob(b.len(6.0)), 1000.0, b.len(1.5),
                           b.len(5.0), b.len(7.0),          {}};
        fibula.shape.add(b.capsule(30, 40, 34, 600, 6.5, 5.5))
            .add(b.capsule(30, 12, 29, -26, 9, 6));  // lateral malleolus
        if (pose.child) fibula.growthPlates.push_back(b.gapAcross(30, -20, 31, 30, 0.42, 14, 1.6));
        bones.push_back(std::move(fibula));
    }
    {
        const FootFrame b = assembly.boneFrame(0, -26);
        PhantomBone talus{"talus",     SdfBlob(b.len(6.0)), 1200.0, b.len(1.8),
                          b.len(12.0), b.len(18.0),         {}};
        talus.shape.add(b.ellipse(0, -18, 25, 15)).add(b.roundBox(0, -32, 22, 14, 0, 6));
        bones.push_back(std::move(talus));
    }
    {
        const FootFrame b = assembly.boneFrame(4, -50);
        PhantomBone calc{"calcaneus", SdfBlob(0.0), 1100.0, b.len(1.8),
                         b.len(12.0), b.len(16.0),  {}};
        calc.shape.add(b.ellipse(4, -50, 26, 22));
        bones.push_back(std::move(calc));
    }
    {
        const FootFrame b = assembly.boneFrame(-10, -64);
        PhantomBone mid{"navicular and cuneiforms",
                        SdfBlob(0.0),
                        1100.0,
                        b.len(1.5),
                        b.len(6.0),
                        b.len(12.0),
                        {}};
        mid.shape.add(b.roundBox(-10, -64, 22, 9, 5, 4));
        bones.push_back(std::move(mid));
    }
    {
        const FootFrame b = assembly.boneFrame(18, -66);
        PhantomBone cub{"cuboid", SdfBlob(0.0), 1050.0, b.len(1.5), b.len(6.0), b.len(12.0), {}};
        cub.shape.add(b.roundBox(18, -66, 12, 9, -5, 4));
        bones.push_back(std::move(cub));
    }
    for (const LongBone& lb : kForeshortened) {
        bones.push_back(lb.place(assembly.boneFrame(lb.centreU(), lb.centreV())));
    }
    return std::move(scene);
}

}  // namespace xrayprep::processing
