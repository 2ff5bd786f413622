#include "processing/contour/AnatomyFinder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "tests/processing/imaging/ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// 240 x 200 working pixels of 0.5 mm, 12-bit values: a foot (soft tissue with a bone) on a
// dark background, standing on a bright platform along the bottom, and a lead marker (a
// bright 12 x 12 pixel square, 36 mm^2) apart from it.
constexpr int kW = 240, kH = 200;
constexpr int kPlatformTop = 170;
constexpr std::uint16_t kMaxValue = 4095;

struct Truth {
    FloatImage image;
    Mask foot, marker, platform;
};

bool inEllipse(double x, double y, double cx, double cy, double rx, double ry) {
    const double dx = (x - cx) / rx, dy = (y - cy) / ry;
    return dx * dx + dy * dy <= 1.0;
}

Truth footScene(bool withPlatform) {
    Truth t{FloatImage(kW, kH), Mask(kW, kH, 0), Mask(kW, kH, 0), Mask(kW, kH, 0)};
    std::mt19937 rng(7);
    std::normal_distribution<float> noise(0.0f, 8.0f);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            float v = 400.0f;
            if (withPlatform && y >= kPlatformTop) {
                v = 2800.0f;
                t.platform.at(x, y) = 1;
            } else if (inEllipse(x, y, 130, kPlatformTop - 45, 80, 46)) {
                v = inEllipse(x, y, 120, kPlatformTop - 50, 45, 18) ? 2300.0f : 1300.0f;
                t.foot.at(x, y) = 1;
            } else if (x >= 20 && x < 32 && y >= 20 && y < 32) {
                v = 3900.0f;
                t.marker.at(x, y) = 1;
            }
            t.image.at(x, y) = v + noise(rng);
        }
    }
    return t;
}

// Pixels within r of a set pixel of m (the brute-force disk scan, for tolerances at outlines).
Mask near(const Mask& m, int r) {
    Mask out(m.width(), m.height(), 0);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            for (int dy = -r; dy <= r && out.at(x, y) == 0; ++dy) {
                for (int dx = -r; dx <= r; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (dx * dx + dy * dy > r * r || nx < 0 || ny < 0 || nx >= m.width() ||
                        ny >= m.height()) {
                        continue;
                    }
                    if (m.at(nx, ny) != 0) {
                        out.at(x, y) = 1;
                        break;
                    }
                }
            }
        }
    }
    return out;
}

bool anyContains(const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

AnatomyFinderSettings defaults() { return AnatomyFinderSettings{}; }

Mask unionOf(const Mask& a, const Mask& b, const Mask& c) {
    Mask m(a.width(), a.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i)
        m.data()[i] = a.data()[i] | b.data()[i] | c.data()[i];
    return m;
}

// How far the anatomy may reach past the skin: the background flood stops where the smoothed
// gradient rises above the background's noise, a few pixels before a strong skin step, and
// its closing (2 pixels) takes back only part of that. On these scenes (a 900 step, noise 8)
// the anatomy reaches up to 4 pixels (2 mm) past the skin; 5 allowed.
constexpr int kSkinRim = 5;

// The anatomy is the foot: every foot pixel 3 pixels inside its outline is anatomy, except the
// sole, which the platform's band takes (it reaches marginMm, 2.5 mm, past the platform's
// step), and no pixel farther than kSkinRim outside the foot is. The platform and the marker
// are not anatomy, both are listed as discarded; the flooded background covers the background
// away from the objects (outside the bands along the sides) and nothing of them.
TEST(AnatomyFinder, FootOnAPlatformWithAMarker) {
    const Truth t = footScene(true);
    const AnatomyFound found =
        AnatomyFinder{}(t.image, kMaxValue, defaults(), ExecutionPolicy::serial());
    const Mask nearFoot = near(t.foot, kSkinRim);
    Mask notFoot(kW, kH, 0);
    for (std::size_t i = 0; i < notFoot.size(); ++i) notFoot.data()[i] = t.foot.data()[i] == 0;
    const Mask nearOutside = near(notFoot, 3);
    const Mask nearObjects = near(unionOf(t.foot, t.marker, t.platform), kSkinRim);
    const int sole = kPlatformTop - 6;
    int backgroundPixels = 0, flooded = 0;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const std::uint8_t a = found.anatomy.at(x, y);
            if (t.foot.at(x, y) != 0 && nearOutside.at(x, y) == 0 && y < sole) {
                ASSERT_EQ(a, 1) << "foot " << x << "," << y;
            }
            if (nearFoot.at(x, y) == 0) {
                ASSERT_EQ(a, 0) << "outside the foot " << x << "," << y;
            }
            if (t.foot.at(x, y) != 0 || t.marker.at(x, y) != 0 || t.platform.at(x, y) != 0) {
                ASSERT_EQ(found.background.at(x, y), 0) << "object " << x << "," << y;
            }
            // The bands BorderStrips finds (here the uniform dark margins) are cut off first;
            // the flood runs over them, but the background it reports is the rest.
            if (nearObjects.at(x, y) == 0 && found.strips.mask.at(x, y) == 0) {
                ++backgroundPixels;
                flooded += found.background.at(x, y);
            }
        }
    }
    EXPECT_GT(flooded, 0.98 * backgroundPixels);
    ASSERT_EQ(found.platforms.bands.size(), 1u);
    EXPECT_EQ(found.platforms.bands[0].side, ImageSide::Bottom);
    EXPECT_TRUE(anyContains(found.discarded, "platform along the bottom"));
    EXPECT_TRUE(anyContains(found.discarded, "object of"));
}

// Without the platform, the foot is still found whole (to its skin rim), and no platform is
// reported (the dark margins along the sides are uniform, so BorderStrips lists them as bands; that
// is the background and harmless).
TEST(AnatomyFinder, FootWithoutPlatform) {
    const Truth t = footScene(false);
    const AnatomyFound found =
        AnatomyFinder{}(t.image, kMaxValue, defaults(), ExecutionPolicy::serial());
    EXPECT_TRUE(found.platforms.bands.empty());
    EXPECT_FALSE(anyContains(found.discarded, "platform along the"));
    // As with the platform: every foot pixel 3 pixels inside its outline (the soft skin edge
    // may go to the dark margin's band, which follows a tilt to the deepest line it reaches).
    const Mask nearFoot = near(t.foot, kSkinRim);
    Mask notFoot(kW, kH, 0);
    for (std::size_t i = 0; i < notFoot.size(); ++i) notFoot.data()[i] = t.foot.data()[i] == 0;
    const Mask nearOutside = near(notFoot, 3);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (t.foot.at(x, y) != 0 && nearOutside.at(x, y) == 0) {
                ASSERT_EQ(found.anatomy.at(x, y), 1) << "foot " << x << "," << y;
            }
            if (nearFoot.at(x, y) == 0) {
                ASSERT_EQ(found.anatomy.at(x, y), 0) << "outside the foot " << x << "," << y;
            }
        }
    }
}

TEST(AnatomyFinder, ParallelEqualsSerial) {
    const Truth t = footScene(true);
    const AnatomyFound serial =
        AnatomyFinder{}(t.image, kMaxValue, defaults(), ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        const AnatomyFound p =
            AnatomyFinder{}(t.image, kMaxValue, defaults(), ExecutionPolicy{threads});
        EXPECT_EQ(p.anatomy, serial.anatomy);
        EXPECT_EQ(p.background, serial.background);
        EXPECT_EQ(p.strips.mask, serial.strips.mask);
        EXPECT_EQ(p.platforms.mask, serial.platforms.mask);
        EXPECT_EQ(p.discarded, serial.discarded);
        EXPECT_EQ(p.notes, serial.notes);
    }
}

}  // namespace
}  // namespace xrayprep::processing

namespace xrayprep::processing {
namespace {

// A leg (soft tissue with a bone) lying straight across the whole image width near its bottom:
// its skin edge steps up towards the bottom side from one end of the image to the other, as a
// platform's top does, and PlatformFinder takes it for one. The band past it would hold the
// whole leg, so AnatomyFinder does not take it for a platform: the leg stays anatomy. (A leg
// along the left or right side is never looked at as a platform: PlatformFinderTest.)
TEST(AnatomyFinder, AStraightLegFillingTheImageWidthIsNotTakenForAPlatform) {
    FloatImage img(kW, kH);
    std::mt19937 rng(11);
    std::normal_distribution<float> noise(0.0f, 8.0f);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            float v = 400.0f;
            if (y >= 120 && y < 160) v = y >= 132 && y < 148 ? 2300.0f : 1300.0f;
            img.at(x, y) = v + noise(rng);
        }
    }
    PlatformSettings ps = defaults().platforms;
    ps.workingMm = defaults().workingMm;  // as AnatomyFinder passes it
    ASSERT_FALSE(PlatformFinder{}(img, ps, ExecutionPolicy::serial()).bands.empty())
        << "the scene must have a platform-like step for this test to mean anything";
    const AnatomyFound found =
        AnatomyFinder{}(img, kMaxValue, defaults(), ExecutionPolicy::serial());
    EXPECT_TRUE(found.platforms.bands.empty());
    EXPECT_EQ(found.platforms.mask, Mask(kW, kH, 0));
    EXPECT_TRUE(anyContains(found.notes, "not taken for a platform"));
    EXPECT_FALSE(anyContains(found.discarded, "platform along the"));
    for (int y = 123; y < 157; ++y) {
        for (int x = 0; x < kW; ++x) ASSERT_EQ(found.anatomy.at(x, y), 1) << x << "," << y;
    }
}

}  // namespace
}  // namespace xrayprep::processing

namespace xrayprep::processing {
namespace {

// Thin soft tissue (a heel pad, the calf behind a tibia) thins out towards the skin so slowly
// that the ramp from the air is as flat as the air's own noise: only the ceiling stops the
// flood there. The scene: air at 400 around a body whose left part is a ramp of 2 per pixel
// up to a tissue plateau at 900 (a quarter of the way from the air to the bone), with a bone
// at 2300 in the plateau. With the default ceiling (0.15 of the way to the bright anatomy) the
// flood stops early on the ramp and the whole plateau is anatomy; at the old ceiling of 0.5
// the flood took the plateau, leaving the bone's outline as the skin.
TEST(AnatomyFinder, ThinDarkSoftTissueBehindAGentleRampStaysAnatomy) {
    constexpr int w = 480, h = 200;
    constexpr int top = 40, bottom = 160, left = 40, plateauFrom = 290, right = 440;
    FloatImage img(w, h);
    std::mt19937 rng(5);
    std::normal_distribution<float> noise(0.0f, 4.0f);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float v = 400.0f;
            if (y >= top && y < bottom && x >= plateauFrom && x < right) {
                v = x >= 340 && x < 410 && y >= 70 && y < 130 ? 2300.0f : 900.0f;
            } else if (y >= top && y < bottom && x >= left && x < plateauFrom) {
                v = 400.0f + 2.0f * static_cast<float>(x - left);
            }
            img.at(x, y) = v + noise(rng);
        }
    }
    auto fraction = [&](const Mask& m, int x0, int x1) {
        int n = 0, total = 0;
        for (int y = top + 4; y < bottom - 4; ++y) {
            for (int x = x0; x < x1; ++x) {
                ++total;
                n += m.at(x, y);
            }
        }
        return static_cast<double>(n) / total;
    };
    const AnatomyFound found =
        AnatomyFinder{}(img, kMaxValue, defaults(), ExecutionPolicy::serial());
    EXPECT_EQ(fraction(found.anatomy, plateauFrom + 4, right - 4), 1.0);
    // The ramp's foot, within 0.1 of the way to the bone above the air, is not anatomy.
    EXPECT_EQ(fraction(found.anatomy, left, left + 40), 0.0);
    AnatomyFinderSettings old = defaults();
    old.backgroundCeiling = 0.5;
    const AnatomyFound permissive = AnatomyFinder{}(img, kMaxValue, old, ExecutionPolicy::serial());
    EXPECT_LT(fraction(permissive.anatomy, plateauFrom + 4, right - 4), 0.5)
        << "the scene must show the flood crossing the ramp at the old ceiling";
}

}  // namespace
}  // namespace xrayprep::processing

namespace xrayprep::processing {
namespace {

// A washed-out JPEG keeps its background as flat plateaus a quantisation step apart: here 8-bit
// values with no noise, 56 on the left of the image, 58 in the middle and 60 on the right (an
// exposure that rises a little across the field), around a foot (tissue 110, bone 200). The
// darkest 30 % of the frame are all 56, so their gradients are all 0 and the flood's flatness
// is the floor, which the one-pixel steps between the plateaus exceed: the flood from the 56
// seeds alone stops at the first step. Every flat frame pixel up to the foot of the
// histogram's background peak seeds the flood too, so all three plateaus are background.
TEST(AnatomyFinder, AQuantisedBackgroundOfSeveralPlateausIsFloodedWhole) {
    constexpr int w = 300, h = 200;
    FloatImage img(w, h);
    Mask foot(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float v = x < 110 ? 56.0f : x < 210 ? 58.0f : 60.0f;
            if (inEllipse(x, y, 150, 110, 70, 45)) {
                v = inEllipse(x, y, 140, 105, 40, 15) ? 200.0f : 110.0f;
                foot.at(x, y) = 1;
            }
            img.at(x, y) = v;
        }
    }
    const AnatomyFound found = AnatomyFinder{}(img, 255, defaults(), ExecutionPolicy::serial());
    const Mask nearFoot = near(foot, kSkinRim);
    int outside = 0, anatomyOutside = 0, inside = 0, anatomyInside = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (nearFoot.at(x, y) == 0) {
                ++outside;
                anatomyOutside += found.anatomy.at(x, y);
            } else if (foot.at(x, y) != 0) {
                ++inside;
                anatomyInside += found.anatomy.at(x, y);
            }
        }
    }
    EXPECT_EQ(anatomyOutside, 0) << "of " << outside << " background pixels";
    EXPECT_GT(anatomyInside, 0.95 * inside);
}

// JPEG ringing around a skin or a marker encloses pockets of a quantised background that no
// flat path joins to the frame, at a plateau a grey level above the frame's (901 against 900
// of 4095). Here a band of ringing (an overshoot to 1300, above the flood's ceiling) runs from
// the foot's skin out and back, enclosing such a pocket beside the foot. The pocket's core
// seeds the flood: it is background (it was anatomy, with the ring, before).
TEST(AnatomyFinder, APocketOfTheBackgroundPlateauEnclosedByRingingIsBackground) {
    constexpr int w = 300, h = 200;
    FloatImage img(w, h, 900.0f);
    Mask foot(w, h, 0), pocket(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (inEllipse(x, y, 180, 110, 70, 45)) {
                img.at(x, y) = inEllipse(x, y, 170, 105, 40, 15) ? 2600.0f : 1500.0f;
                foot.at(x, y) = 1;
                continue;
            }
            // The ring: 4 pixels wide around x in [56, 130), y in [88, 132), open on the
            // right where the foot's skin (x = 110 at y = 110) closes it.
            const bool box = x >= 56 && x < 130 && y >= 88 && y < 132;
            const bool inner = x >= 60 && y >= 92 && y < 128;
            if (box && !inner) img.at(x, y) = 1300.0f;
            if (box && inner) img.at(x, y) = 901.0f;
            if (box && inner && x >= 64 && x < 106 && y >= 96 && y < 124) pocket.at(x, y) = 1;
        }
    }
    const AnatomyFound found = AnatomyFinder{}(img, 4095, defaults(), ExecutionPolicy::serial());
    int pocketPixels = 0, anatomyInPocket = 0, inside = 0, anatomyInside = 0;
    for (std::size_t i = 0; i < img.size(); ++i) {
        pocketPixels += pocket.data()[i];
        anatomyInPocket += pocket.data()[i] != 0 && found.anatomy.data()[i] != 0;
        inside += foot.data()[i];
        anatomyInside += foot.data()[i] != 0 && found.anatomy.data()[i] != 0;
    }
    EXPECT_EQ(anatomyInPocket, 0) << "of " << pocketPixels << " pocket pixels";
    EXPECT_GT(anatomyInside, 0.95 * inside);
}

}  // namespace
}  // namespace xrayprep::processing
