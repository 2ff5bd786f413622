#include "processing/contour/EdgeEvidence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "processing/imaging/GaussianBlur.h"
#include "tests/processing/imaging/ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// 120 x 100 working pixels of 0.5 mm. Soft tissue: a sharp step at the skin, then a
// brightness that grows smoothly inwards, flat at the skin: (1 - rho^2)^2 (a ramp); a round bone in
// the middle adds a step at its cortex. The anatomy mask is the ellipse, or with `halo` pixels more
// all round (a dark halo the background flood left in).
constexpr int kW = 120, kH = 100;
constexpr double kCx = 60.0, kCy = 50.0, kRx = 50.0, kRy = 40.0, kBoneR = 14.0;
constexpr float kBackground = 300.0f, kSkinStep = 600.0f, kTissueRise = 500.0f, kBoneStep = 800.0f;

struct Scene {
    FloatImage image;
    Mask anatomy;
};

// The tissue's brightness at (x, y) without the bone (background outside the ellipse).
float tissueAt(double x, double y) {
    const double dx = (x - kCx) / kRx, dy = (y - kCy) / kRy;
    const double rho2 = dx * dx + dy * dy;
    return rho2 <= 1.0 ? kBackground + kSkinStep +
                             kTissueRise * static_cast<float>((1.0 - rho2) * (1.0 - rho2))
                       : kBackground;
}

Scene footScene(bool withBone, double halo = 0.0) {
    Scene s{FloatImage(kW, kH), Mask(kW, kH, 0)};
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const double dx = (x - kCx) / (kRx + halo), dy = (y - kCy) / (kRy + halo);
            s.anatomy.at(x, y) = dx * dx + dy * dy <= 1.0 ? 1 : 0;
            float v = tissueAt(x, y);
            if (withBone && std::hypot(x - kCx, y - kCy) <= kBoneR) v += kBoneStep;
            s.image.at(x, y) = v;
        }
    }
    // A slightly unsharp image, as a median-filtered radiograph is.
    s.image = GaussianBlur{}(s.image, 0.7, ExecutionPolicy::serial());
    std::mt19937 rng(1);
    std::normal_distribution<float> noise(0.0f, 2.0f);
    for (auto& v : s.image.pixels()) v += noise(rng);
    return s;
}

// Euclidean distance in mm from each pixel to the nearest pixel outside the anatomy, by
// scanning every outside pixel that has a neighbour inside (the nearest outside pixel always
// has one: its neighbour towards the pixel is nearer still) (+inf without any).
std::vector<double> bruteDistanceMm(const Mask& anatomy, double mm) {
    auto inside = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < kW && y < kH && anatomy.at(x, y) != 0;
    };
    std::vector<std::pair<int, int>> shore;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (!inside(x, y) &&
                (inside(x - 1, y) || inside(x + 1, y) || inside(x, y - 1) || inside(x, y + 1))) {
                shore.emplace_back(x, y);
            }
        }
    }
    std::vector<double> d(anatomy.size(), std::numeric_limits<double>::infinity());
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            double best = inside(x, y) ? std::numeric_limits<double>::infinity() : 0.0;
            for (const auto& [ox, oy] : shore) {
                best = std::min(best, std::hypot(static_cast<double>(ox - x), oy - y));
            }
            d[static_cast<std::size_t>(y) * kW + x] = best * mm;
        }
    }
    return d;
}

const EdgeEvidenceSettings kSettings{};  // 0.5 mm working pixels, skin band 2 mm

TEST(EdgeEvidence, DistanceIsTheEuclideanDistanceToOutsideInMm) {
    const Scene s = footScene(true);
    const EdgeEvidence ev =
        EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    const std::vector<double> expected = bruteDistanceMm(s.anatomy, kSettings.workingMm);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_NEAR(ev.distance.data()[i], expected[i], 1e-4) << "pixel " << i;
    }
    // An anatomy filling the image: no pixel outside it, and the image border is no skin.
    const EdgeEvidence full = EdgeEvidenceFinder{}(s.image, Mask(kW, kH, 1), kBackground, kSettings,
                                                   ExecutionPolicy::serial());
    for (const float d : full.distance.pixels())
        ASSERT_EQ(d, std::numeric_limits<float>::infinity());
}

// The edge level on the bone's outline, in 64 directions: between a quarter and three
// quarters up the step from the tissue under it.
void expectLevelWithinTheBoneStep(const EdgeEvidence& ev) {
    for (int k = 0; k < 64; ++k) {
        const double a = 2.0 * 3.14159265358979 * k / 64;
        const int x = static_cast<int>(std::lround(kCx + kBoneR * std::cos(a)));
        const int y = static_cast<int>(std::lround(kCy + kBoneR * std::sin(a)));
        const float tissue = tissueAt(x, y);
        EXPECT_GT(ev.level.at(x, y), tissue + 0.25f * kBoneStep) << "direction " << k;
        EXPECT_LT(ev.level.at(x, y), tissue + 0.75f * kBoneStep) << "direction " << k;
    }
}

// The bone's cortex is a step: sharp (ratio well above the ramp's), an edge of E all round, and
// the edge level there lies well inside the step, above the tissue and below the bone. The
// tissue ramp and the skin band hold no edges.
TEST(EdgeEvidence, BoneStepIsAnEdgeTissueRampAndSkinAreNot) {
    const Scene s = footScene(true);
    const EdgeEvidence ev =
        EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    // Around the outline, in 64 directions: an edge within a pixel of radius kBoneR.
    int onEdge = 0;
    for (int k = 0; k < 64; ++k) {
        const double a = 2.0 * 3.14159265358979 * k / 64;
        bool found = false;
        float ratio = 0.0f;
        for (double r = kBoneR - 1.0; r <= kBoneR + 1.0; r += 0.5) {
            const int x = static_cast<int>(std::lround(kCx + r * std::cos(a)));
            const int y = static_cast<int>(std::lround(kCy + r * std::sin(a)));
            found = found || ev.edges.at(x, y) != 0;
            ratio = std::max(ratio, ev.ratio.at(x, y));
        }
        onEdge += found ? 1 : 0;
        EXPECT_GT(ratio, 2.0f) << "direction " << k;
    }
    EXPECT_GE(onEdge, 60);
    expectLevelWithinTheBoneStep(ev);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const double fromBone = std::abs(std::hypot(x - kCx, y - kCy) - kBoneR);
            if (ev.distance.at(x, y) <= kSettings.skinMm) {
                ASSERT_EQ(ev.edges.at(x, y), 0) << "skin band " << x << "," << y;
            } else if (fromBone > 4.0) {
                ASSERT_EQ(ev.edges.at(x, y), 0) << "tissue " << x << "," << y;
            }
            if (s.anatomy.at(x, y) == 0) {
                ASSERT_EQ(ev.edges.at(x, y), 0) << x << "," << y;
            }
        }
    }
}

// Soft tissue alone: no sharp edges, so no edges, and no level or strength anywhere (+inf).
TEST(EdgeEvidence, TissueAloneHasNoEdgesAndNoLevel) {
    const Scene s = footScene(false);
    const EdgeEvidence ev =
        EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    EXPECT_EQ(ev.edges, Mask(kW, kH, 0));
    constexpr float kInf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(ev.level, FloatImage(kW, kH, kInf));
    EXPECT_EQ(ev.strength, FloatImage(kW, kH, kInf));
    // Inside, away from the skin, where the ramp rises (its gradient 2 or more per pixel, ten
    // times the noise's; the flat top of the ellipsoid has no gradient to compare), the fine
    // and coarse gradients agree: a ramp, not a step.
    int onRamp = 0;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (ev.distance.at(x, y) > 8.0 && ev.fine.at(x, y) > 2.0f) {
                ++onRamp;
                ASSERT_LT(ev.ratio.at(x, y), 1.6f) << x << "," << y;
                ASSERT_EQ(ev.sharpness.at(x, y), 0.0f) << x << "," << y;
            }
        }
    }
    EXPECT_GT(onRamp, 1000);
}

// The skin's step lies 4 mm inside the anatomy here (a dark halo of 8 pixels), beyond the
// skin band, but its dark side is at the background's level: a skin edge, neither an edge of
// E nor a part of the level (which would pull the bone's level down towards the skin's). The
// bone's edges still are edges.
TEST(EdgeEvidence, SkinEdgeBeyondTheSkinBandIsNoEdge) {
    const Scene s = footScene(true, 8.0);
    const EdgeEvidence ev =
        EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    int boneEdges = 0;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const double fromBone = std::abs(std::hypot(x - kCx, y - kCy) - kBoneR);
            if (fromBone > 4.0) {
                ASSERT_EQ(ev.edges.at(x, y), 0) << x << "," << y;
            } else {
                boneEdges += ev.edges.at(x, y);
            }
        }
    }
    EXPECT_GT(boneEdges, 60);
    expectLevelWithinTheBoneStep(ev);
}

// A slightly unsharp, slightly noisy copy (as a median-filtered radiograph is).
FloatImage unsharp(FloatImage img) {
    img = GaussianBlur{}(img, 0.7, ExecutionPolicy::serial());
    std::mt19937 rng(3);
    std::normal_distribution<float> noise(0.0f, 2.0f);
    for (auto& v : img.pixels()) v += noise(rng);
    return img;
}

// A weight-bearing foot on a platform (as on a lateral film): flat, thick tissue down to the
// sole, a dark contact line under it, then the bright platform. The anatomy reaches past the
// contact line (the background flood does not enter it), so the sole's edge lies 4 mm inside
// the anatomy, beyond the skin band, and its dark side is no background: without the platform
// it is an edge and sets the level under the bone low, so the plantar tissue would pass for
// bone. With the platform (soleMm) it is neither.
TEST(EdgeEvidence, TheSolesEdgeOnAPlatformIsNoEdgeAndSetsNoLevel) {
    // The bone only a little brighter than the thick tissue, the contact line a deeper step
    // (as on the films).
    constexpr float kTissue = 900.0f, kContact = 600.0f, kPlatform = 1100.0f, kBone = 250.0f;
    constexpr int kSole = 66, kPlatformTop = 74;
    FloatImage img(kW, kH, kBackground);
    Mask anatomy(kW, kH, 0), platform(kW, kH, 0);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (y >= kPlatformTop) {
                img.at(x, y) = kPlatform;
                platform.at(x, y) = 1;
            } else if (x >= 10 && x < kW - 10 && y >= 10) {
                anatomy.at(x, y) = 1;
                img.at(x, y) = y >= kSole && y < kSole + 4 ? kContact : kTissue;
                if (std::hypot(x - kCx, y - 35.0) <= kBoneR) img.at(x, y) += kBone;
            }
        }
    }
    img = unsharp(img);
    const EdgeEvidence without =
        EdgeEvidenceFinder{}(img, anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    const EdgeEvidence with = EdgeEvidenceFinder{}(img, anatomy, kBackground, kSettings,
                                                   ExecutionPolicy::serial(), &platform);
    const int soleBand = kPlatformTop - static_cast<int>(kSettings.soleMm / kSettings.workingMm);
    int soleEdgesWithout = 0, soleEdgesWith = 0;
    for (int y = soleBand; y < kPlatformTop; ++y) {
        for (int x = 20; x < kW - 20; ++x) {
            soleEdgesWithout += without.edges.at(x, y);
            soleEdgesWith += with.edges.at(x, y);
        }
    }
    EXPECT_GT(soleEdgesWithout, 40);  // the case the band is for
    EXPECT_EQ(soleEdgesWith, 0);
    // Between the bone (its lowest row 49) and the sole: the tissue is above the level the
    // sole's edge sets, and well below the bone's.
    for (int x = 40; x <= 80; x += 10) {
        EXPECT_LT(without.level.at(x, 58), kTissue) << x;
        EXPECT_GT(with.level.at(x, 58), kTissue + 0.25f * kBone) << x;
    }
    // The bone's own edges are unchanged.
    for (int y = 21; y < 50; ++y) {
        for (int x = 40; x < 80; ++x) ASSERT_EQ(with.edges.at(x, y), without.edges.at(x, y));
    }
}

// The anatomy fills the image: a bright bone runs down from the top edge (the frame cuts it
// across), and along the left side, 2 mm from it, a long step (the outline of something the
// frame cuts lengthwise: the other leg, a sleeve). The step along the frame sets no level, so
// beside it the level is the bone's; the bone's edges crossing the frame still set theirs.
TEST(EdgeEvidence, AnEdgeAlongTheFrameSetsNoLevelOneAcrossItDoes) {
    constexpr float kTissue = 900.0f, kStrip = 600.0f;
    FloatImage img(kW, kH, kTissue);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (x < 4) img.at(x, y) = kStrip;
            if (x >= 70 && x < 90 && y < 70) img.at(x, y) += kBoneStep;
        }
    }
    img = unsharp(img);
    const Mask anatomy(kW, kH, 1);
    EdgeEvidenceSettings none = kSettings;
    none.alongFrameMm = 0.0;
    const EdgeEvidence without =
        EdgeEvidenceFinder{}(img, anatomy, kBackground, none, ExecutionPolicy::serial());
    const EdgeEvidence with =
        EdgeEvidenceFinder{}(img, anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    // Beside the step: its own mid-level without the rule; with it, the bone's level seen
    // from 30 mm away (the Gaussian weighs the dark side of the bone's nearer edge a little
    // more), well above the tissue.
    for (int y = 20; y < 60; y += 10) {
        EXPECT_LT(without.level.at(6, y), kTissue) << y;
        EXPECT_GT(with.level.at(6, y), kTissue + 0.1f * kBoneStep) << y;
    }
    // Next to the top edge, on the bone's outline: within its step.
    for (const int x : {69, 70, 89, 90}) {
        EXPECT_GT(with.level.at(x, 2), kTissue + 0.25f * kBoneStep) << x;
        EXPECT_LT(with.level.at(x, 2), kTissue + 0.75f * kBoneStep) << x;
    }
}

TEST(EdgeEvidence, ParallelEqualsSerial) {
    const Scene s = footScene(true);
    const EdgeEvidence serial =
        EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        const EdgeEvidence p = EdgeEvidenceFinder{}(s.image, s.anatomy, kBackground, kSettings,
                                                    ExecutionPolicy{threads});
        EXPECT_EQ(p.fine, serial.fine);
        EXPECT_EQ(p.ratio, serial.ratio);
        EXPECT_EQ(p.sharpness, serial.sharpness);
        EXPECT_EQ(p.distance, serial.distance);
        EXPECT_EQ(p.level, serial.level);
        EXPECT_EQ(p.strength, serial.strength);
        EXPECT_EQ(p.edges, serial.edges);
    }
}

}  // namespace
}  // namespace xrayprep::processing
