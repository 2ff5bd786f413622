#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "processing/core/Image.h"
#include "processing/quality/MaskQuality.h"
#include "processing/quality/TexturedGap.h"

namespace xrayprep::processing {
namespace {

// A 1 mm/px scene: anatomy (a 200 x 160 rectangle) of smooth tissue with weak noise, and a
// textured block (strong pixel-to-pixel texture). The "median" is the scene without noise or
// texture, so |radiograph - median| is exactly what was added: the measure must find the
// textured block's area wherever it is deep and thick and left out, and nothing else.
struct Scene {
    static constexpr int kW = 240, kH = 200;
    Image radiograph{kW, kH, 12};
    Image median{kW, kH, 12};
    Mask anatomy{kW, kH};
    Mask mask{kW, kH};

    Scene() {
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> noise(-3, 3);
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < kW; ++x) {
                const bool in = x >= 20 && x < 220 && y >= 20 && y < 180;
                anatomy.at(x, y) = in ? 1 : 0;
                const int base = in ? 1000 : 100;
                median.at(x, y) = static_cast<std::uint16_t>(base);
                radiograph.at(x, y) = static_cast<std::uint16_t>(base + noise(rng));
            }
        }
    }
    // Texture (+-10, a checkerboard of random signs) over [x0, x1) x [y0, y1).
    void texture(int x0, int y0, int x1, int y1) {
        std::mt19937 rng(11);
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                radiograph.at(x, y) =
                    static_cast<std::uint16_t>(median.at(x, y) + (rng() % 2 ? 10 : -10));
            }
        }
    }
    void include(int x0, int y0, int x1, int y1) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) mask.at(x, y) = 1;
        }
    }
    [[nodiscard]] TexturedGapMeasure measure() const {
        TexturedGapSettings s;
        s.sigmaMm = 1.0;
        return TexturedGap{}(radiograph, median, mask, anatomy, 1.0, s, 1.0,
                             ExecutionPolicy::serial());
    }
};

TEST(TexturedGap, FindsATexturedBlockLeftOutOfTheMask) {
    Scene scene;
    scene.include(40, 40, 80, 160);  // a bone in the mask, textured too
    scene.texture(40, 40, 80, 160);
    scene.texture(110, 60, 170, 130);  // a 60 x 70 textured block left out
    const TexturedGapMeasure m = scene.measure();
    ASSERT_TRUE(m.measured);
    EXPECT_EQ(m.pieces, 1);
    // The smoothing (sigma 1 mm) spreads the texture a pixel or two beyond the block's edge.
    EXPECT_GE(m.areaMm2, 60.0 * 70.0);
    EXPECT_LE(m.areaMm2, 64.0 * 74.0);
    EXPECT_DOUBLE_EQ(m.largestMm2, m.areaMm2);
}

TEST(TexturedGapCheck, FailsAboveTheLimitAndPassesWhenTheMaskHoldsTheBlock) {
    Scene scene;
    scene.texture(110, 60, 170, 130);
    scene.include(40, 40, 80, 160);
    scene.texture(40, 40, 80, 160);
    QualityParams p;
    p.maxTexturedGapMm2 = 1000.0;
    auto gapCheck = [&](const Scene& s) {
        const QualityReport r = MaskQuality{}(s.mask, s.anatomy, Scene::kW, Scene::kH, std::nullopt,
                                              p, &s.median, &s.radiograph, 1.0);
        for (const QualityCheck& c : r.checks) {
            if (c.id == "textured-gap") return c;
        }
        ADD_FAILURE() << "no textured-gap check";
        return QualityCheck{};
    };
    EXPECT_FALSE(gapCheck(scene).passed);
    scene.include(100, 50, 180, 140);
    const QualityCheck held = gapCheck(scene);
    EXPECT_TRUE(held.passed) << held.message;
    EXPECT_EQ(held.value, 0.0);
    // Without the radiograph the check is not made.
    const QualityReport none = MaskQuality{}(scene.mask, scene.anatomy, Scene::kW, Scene::kH,
                                             std::nullopt, p, &scene.median);
    for (const QualityCheck& c : none.checks) EXPECT_NE(c.id, "textured-gap");
}

TEST(TexturedGap, IgnoresThinSeamsAndTextureUnderTheSkin) {
    Scene scene;
    scene.include(25, 30, 50, 170);  // a textured bone in the mask, as on a film
    scene.texture(25, 30, 50, 170);
    scene.texture(60, 40, 64, 160);     // a 4 mm seam: no disk of radius 5 mm fits, even
                                        // with the smoothing's spread
    scene.texture(150, 20, 210, 24);    // texture in the first 4 mm under the skin
    scene.texture(150, 150, 210, 180);  // a thick block, but within 6 mm of the skin only at
                                        // its bottom: it counts, less its skin layer
    const TexturedGapMeasure m = scene.measure();
    ASSERT_TRUE(m.measured);
    EXPECT_EQ(m.pieces, 1);
    // The block's cells deeper than 6 mm: rows 150..173 and columns 150..209, and the
    // smoothing's spread of a pixel or two above and beside it.
    EXPECT_GE(m.areaMm2, 60.0 * 24.0);
    EXPECT_LE(m.areaMm2, 64.0 * 26.0);
}

TEST(TexturedGap, MeasuresNothingWithoutTextureToCompare) {
    Scene scene;
    scene.radiograph = scene.median;  // the median removed nothing
    scene.include(40, 40, 80, 160);
    EXPECT_FALSE(scene.measure().measured);
    Scene covered;
    covered.include(0, 0, Scene::kW, Scene::kH);  // no anatomy outside the mask
    EXPECT_FALSE(covered.measure().measured);
}

}  // namespace
}  // namespace xrayprep::processing
