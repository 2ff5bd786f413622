// Every quality check on crafted masks, passing and failing, with the values worked out by
// hand; and the phantom's true bone mask, which must pass them all.
#include <gtest/gtest.h>

#include <string>

#include "processing/phantom/FootPhantom.h"
#include "processing/quality/MaskQuality.h"
#include "tests/processing/quality/QualityTestMasks.h"

using namespace xrayprep::processing;
using namespace xrayprep::test_support;

namespace {

// A 200 x 100 image whose anatomy is the box [20, 180) x [10, 90): 160 x 80 = 12800 pixels.
constexpr int kW = 200, kH = 100;
constexpr double kAnatomy = 12800.0;
Mask anatomyBox() { return rectMask(kW, kH, 20, 10, 180, 90); }

QualityReport check(const Mask& mask, const Mask& anatomy = anatomyBox(),
                    const std::optional<PixelSpacing>& spacing = std::nullopt) {
    return MaskQuality{}(mask, anatomy, anatomy.empty() ? kW : anatomy.width(),
                         anatomy.empty() ? kH : anatomy.height(), spacing);
}

// A C string key: GCC 13's -Wdangling-reference takes a std::string temporary argument for
// what the returned reference may point into.
const QualityCheck& get(const QualityReport& r, const char* id) {
    const QualityCheck* c = r.find(id);
    if (c == nullptr) throw std::runtime_error(std::string("no check ") + id);
    return *c;
}

bool mentions(const QualityCheck& c, const std::string& text) {
    return c.message.find(text) != std::string::npos;
}

// A plausible bone mask in the anatomy box: two rounded bones, 20-40 % of the anatomy, away
// from the borders.
Mask plausibleBones() {
    Mask m(kW, kH);
    fillWhere(m, [](int x, int y) {
        const double a = (x - 70.0) / 30.0, b = (y - 50.0) / 22.0;
        const double c = (x - 130.0) / 24.0, d = (y - 48.0) / 30.0;
        return a * a + b * b <= 1.0 || c * c + d * d <= 1.0;
    });
    return m;
}

}  // namespace

TEST(MaskQuality, ListsTheSixChecksInOrder) {
    const QualityReport r = check(plausibleBones());
    ASSERT_EQ(r.checks.size(), 6u);
    const char* ids[] = {"empty",         "whole-anatomy", "border",
                         "straight-edge", "fraction",      "fragments"};
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(r.checks[i].id, ids[i]);
    for (const auto& c : r.checks) EXPECT_TRUE(c.passed) << c.id << ": " << c.message;
    EXPECT_FALSE(r.needsReview());
    EXPECT_EQ(r.failedSummary(), "");
}

TEST(MaskQuality, AnEmptyMaskIsNeverOk) {
    for (const Mask& mask : {Mask(kW, kH), Mask{}}) {
        const QualityReport r = check(mask);
        EXPECT_TRUE(r.needsReview());
        const QualityCheck& e = get(r, "empty");
        EXPECT_FALSE(e.passed);
        EXPECT_EQ(e.value, 0.0);
        EXPECT_EQ(e.message, "mask is empty");
        EXPECT_FALSE(get(r, "fraction").passed);
        EXPECT_EQ(r.failedSummary().rfind("empty (mask is empty)", 0), 0u) << r.failedSummary();
    }
    // Without anatomy either, still not ok.
    EXPECT_FALSE(get(check(Mask(kW, kH), Mask(kW, kH)), "empty").passed);
}

TEST(MaskQuality, AnAlmostEmptyMaskFailsBelowTheMinimumShareOfTheAnatomy) {
    // 25 pixels = 0.00195 of 12800 < 0.002: fails; 26 = 0.00203: passes.
    const QualityCheck tiny = get(check(rectMask(kW, kH, 50, 50, 55, 55)), "empty");
    EXPECT_FALSE(tiny.passed);
    EXPECT_DOUBLE_EQ(tiny.value, 25.0 / kAnatomy);
    EXPECT_DOUBLE_EQ(tiny.limit, 0.002);
    EXPECT_TRUE(mentions(tiny, "almost empty: 25 pixels, 0.2 % of the anatomy")) << tiny.message;
    const QualityCheck enough = get(check(rectMask(kW, kH, 50, 50, 63, 52)), "empty");
    EXPECT_TRUE(enough.passed);
    EXPECT_DOUBLE_EQ(enough.value, 26.0 / kAnatomy);
}

TEST(MaskQuality, TheWholeAnatomyMeansSoftTissueWasKept) {
    const QualityReport all = check(anatomyBox());
    const QualityCheck& w = get(all, "whole-anatomy");
    EXPECT_FALSE(w.passed);
    EXPECT_DOUBLE_EQ(w.value, 1.0);
    EXPECT_EQ(w.message, "mask covers 100 % of the anatomy: soft tissue was kept");
    EXPECT_FALSE(get(all, "fraction").passed);
    // Exactly 0.9 (144 of 160 columns) fails; 143 columns = 0.894 passes.
    EXPECT_FALSE(get(check(rectMask(kW, kH, 20, 10, 164, 90)), "whole-anatomy").passed);
    const QualityCheck below = get(check(rectMask(kW, kH, 20, 10, 163, 90)), "whole-anatomy");
    EXPECT_TRUE(below.passed);
    EXPECT_DOUBLE_EQ(below.value, 143.0 * 80.0 / kAnatomy);
    // Mask pixels outside the anatomy do not count as covering it.
    Mask outside = rectMask(kW, kH, 0, 0, kW, 10);  // the 10 rows above the box
    fillRect(outside, 20, 10, 100, 90);             // and half the box
    EXPECT_DOUBLE_EQ(get(check(outside), "whole-anatomy").value, 0.5);
}

TEST(MaskQuality, ABandAlongAnImageEdgeFailsAShortCrossingDoesNot) {
    // 400 x 300 image, anatomy everything. Bands along each edge: 200 of 400 columns (0.5),
    // 180 of 300 rows (0.6).
    const int w = 400, h = 300;
    const Mask anatomy = rectMask(w, h, 0, 0, w, h);
    struct Case {
        Mask mask;
        const char* edge;
        double fraction;
    };
    const Case cases[] = {
        {rectMask(w, h, 100, 0, 300, 12), "top", 0.5},
        {rectMask(w, h, 100, 288, 300, 300), "bottom", 0.5},
        {rectMask(w, h, 0, 60, 12, 240), "left", 0.6},
        {rectMask(w, h, 388, 60, 400, 240), "right", 0.6},
    };
    for (const Case& c : cases) {
        const QualityCheck b = get(MaskQuality{}(c.mask, anatomy, w, h, std::nullopt), "border");
        EXPECT_FALSE(b.passed) << c.edge;
        EXPECT_DOUBLE_EQ(b.value, c.fraction) << c.edge;
        EXPECT_DOUBLE_EQ(b.limit, 0.3);
        EXPECT_TRUE(mentions(b, std::string("along the ") + c.edge + " edge")) << b.message;
    }
    // A bone leaving the top (an ellipse centred on row 0, 50 px half-width: 101 of 400 columns
    // = 0.2525) passes, and so do two runs of 100 with a gap of one pixel between them.
    Mask tibia(w, h);
    fillWhere(tibia, [](int x, int y) {
        const double a = (x - 200.0) / 50.0, b = y / 80.0;
        return a * a + b * b <= 1.0;
    });
    const QualityCheck crossing = get(MaskQuality{}(tibia, anatomy, w, h, std::nullopt), "border");
    EXPECT_TRUE(crossing.passed) << crossing.message;
    EXPECT_DOUBLE_EQ(crossing.value, 101.0 / 400.0);
    Mask broken = rectMask(w, h, 50, 0, 150, 20);
    fillRect(broken, 151, 0, 251, 20);
    EXPECT_DOUBLE_EQ(get(MaskQuality{}(broken, anatomy, w, h, std::nullopt), "border").value, 0.25);
}

TEST(MaskQuality, APlatformEdgeFailsTheStraightEdgeCheckACurvedBoneDoesNot) {
    // A 400 x 300 lateral view: a foot-like blob standing on a platform bar [40, 360) x
    // [200, 220), whose bottom edge runs 320 px = 0.8 of the width.
    const int w = 400, h = 300;
    const Mask anatomy = rectMask(w, h, 0, 0, w, h);
    Mask foot(w, h);
    fillWhere(foot, [](int x, int y) {
        const double a = (x - 190.0) / 90.0, b = (y - 150.0) / 50.0;
        return a * a + b * b <= 1.0;
    });
    Mask onPlatform = foot;
    fillRect(onPlatform, 40, 200, 360, 220);
    const QualityCheck flat =
        get(MaskQuality{}(onPlatform, anatomy, w, h, std::nullopt), "straight-edge");
    EXPECT_FALSE(flat.passed);
    EXPECT_DOUBLE_EQ(flat.value, 0.8);
    EXPECT_DOUBLE_EQ(flat.limit, 0.35);
    EXPECT_TRUE(mentions(flat, "straight horizontal edge at row 219 over 80 % of the image width"))
        << flat.message;
    const QualityCheck curved =
        get(MaskQuality{}(foot, anatomy, w, h, std::nullopt), "straight-edge");
    EXPECT_TRUE(curved.passed) << curved.message;
    EXPECT_LT(curved.value, 0.35);
}

TEST(MaskQuality, TheStraightEdgeToleranceGrowsWithAFinePixelSpacing) {
    // A left edge with a 4-pixel step (see StraightEdgeTest): 180 of 300 rows straight at
    // 1.5 px; at 0.1 mm per pixel the tolerance is 0.3 mm = 3 px and all 300 rows are one edge.
    // Both fail (>= 0.35); the value tells them apart. At 0.5 mm per pixel 0.3 mm is less than
    // 1.5 px, so 1.5 px holds.
    const int w = 400, h = 300;
    Mask m(w, h);
    fillRect(m, 100, 0, 400, 120);
    fillRect(m, 104, 120, 400, 300);
    const Mask anatomy = rectMask(w, h, 0, 0, w, h);
    auto value = [&](std::optional<PixelSpacing> s) {
        return get(MaskQuality{}(m, anatomy, w, h, s), "straight-edge").value;
    };
    EXPECT_DOUBLE_EQ(value(std::nullopt), 0.6);
    EXPECT_DOUBLE_EQ(value(PixelSpacing{0.1, 0.1, "test"}), 1.0);
    EXPECT_DOUBLE_EQ(value(PixelSpacing{0.5, 0.5, "test"}), 0.6);
}

TEST(MaskQuality, TheReportSaysTheStraightEdgeToleranceInPixelsPerAxis) {
    // straightTolerance 1.5 px, straightToleranceMm 0.3 mm: without spacing 1.5 px on both
    // axes; 0.1 mm columns give 3 px across a vertical edge, 0.4 mm rows 0.75 px -> 1.5 px.
    const QualityReport none = check(plausibleBones());
    EXPECT_DOUBLE_EQ(none.straightToleranceX, 1.5);
    EXPECT_DOUBLE_EQ(none.straightToleranceY, 1.5);
    const QualityReport fine = check(plausibleBones(), anatomyBox(), PixelSpacing{0.1, 0.4, "t"});
    EXPECT_DOUBLE_EQ(fine.straightToleranceX, 3.0);
    EXPECT_DOUBLE_EQ(fine.straightToleranceY, 1.5);
}

TEST(MaskQuality, TheBoneFractionMustLieBetweenFiveAndEightyFivePercent) {
    // 540 / 12800 = 0.042 fails; at the bound 640 = 0.05 passes and 639 fails; 10880 = 0.85
    // passes and 10881 fails.
    auto fraction = [](const Mask& m) { return get(check(m), "fraction"); };
    const QualityCheck low = fraction(rectMask(kW, kH, 30, 20, 39, 80));  // 9 x 60 = 540
    EXPECT_FALSE(low.passed);
    EXPECT_DOUBLE_EQ(low.value, 540.0 / kAnatomy);
    EXPECT_DOUBLE_EQ(low.limit, 0.05);
    EXPECT_EQ(low.message, "bone is 4 % of the anatomy (expected 5 % to 85 %)");
    EXPECT_FALSE(fraction(rectMask(kW, kH, 30, 20, 39, 91)).passed);  // 9 x 71 = 639
    EXPECT_TRUE(fraction(rectMask(kW, kH, 30, 20, 38, 100)).passed);  // 8 x 80 = 640
    Mask high = rectMask(kW, kH, 20, 10, 156, 90);                    // 136 x 80 = 10880
    EXPECT_TRUE(fraction(high).passed);
    high.at(156, 10) = 1;
    const QualityCheck over = fraction(high);
    EXPECT_FALSE(over.passed);
    EXPECT_DOUBLE_EQ(over.value, 10881.0 / kAnatomy);
    EXPECT_DOUBLE_EQ(over.limit, 0.85);
    // No anatomy: the fraction is unknown, which fails.
    const QualityCheck none = get(check(plausibleBones(), Mask(kW, kH)), "fraction");
    EXPECT_FALSE(none.passed);
    EXPECT_TRUE(mentions(none, "no anatomy")) << none.message;
}

TEST(MaskQuality, ManySmallFragmentsOrTooManyPiecesFail) {
    // One bone of 100 x 100 px; 2 x 2 specks (4 px, under 0.2 % of the mask) 10 px apart.
    const int w = 400, h = 300;
    const Mask anatomy = rectMask(w, h, 0, 0, w, h);
    auto withSpecks = [&](int specks) {
        Mask m = rectMask(w, h, 20, 20, 120, 120);
        for (int i = 0; i < specks; ++i) fillRect(m, 100 + 10 * i, 200, 102 + 10 * i, 202);
        return get(MaskQuality{}(m, anatomy, w, h, std::nullopt), "fragments");
    };
    const QualityCheck ten = withSpecks(10);
    EXPECT_TRUE(ten.passed) << ten.message;
    EXPECT_EQ(ten.value, 10.0);
    EXPECT_EQ(ten.message, "mask is in 11 pieces, 10 of them small");
    const QualityCheck eleven = withSpecks(11);
    EXPECT_FALSE(eleven.passed);
    EXPECT_EQ(eleven.value, 11.0);
    EXPECT_EQ(eleven.limit, 10.0);
    EXPECT_EQ(eleven.message, "mask has 11 small fragments (more than 10)");
    // 26 equal squares of 10 x 10 (each 1/26 of the mask, not small): too many pieces.
    Mask squares(w, h);
    for (int i = 0; i < 26; ++i) fillRect(squares, 10 + 15 * i, 100, 20 + 15 * i, 110);
    const QualityCheck many = get(MaskQuality{}(squares, anatomy, w, h, std::nullopt), "fragments");
    EXPECT_FALSE(many.passed);
    EXPECT_EQ(many.value, 26.0);
    EXPECT_EQ(many.limit, 25.0);
    EXPECT_EQ(many.message, "mask is in 26 pieces (more than 25)");
    Mask fewer(w, h);  // 25 of them pass
    for (int i = 0; i < 25; ++i) fillRect(fewer, 10 + 15 * i, 100, 20 + 15 * i, 110);
    EXPECT_TRUE(get(MaskQuality{}(fewer, anatomy, w, h, std::nullopt), "fragments").passed);
}

TEST(MaskQuality, LimitsComeFromTheParameters) {
    QualityParams strict;
    strict.maxAnatomyCoverage = 0.5;
    const Mask half = rectMask(kW, kH, 20, 10, 100, 90);  // 0.5 of the anatomy
    const Mask anatomy = anatomyBox();
    EXPECT_TRUE(get(MaskQuality{}(half, anatomy, kW, kH, std::nullopt), "whole-anatomy").passed);
    const QualityCheck c =
        get(MaskQuality{}(half, anatomy, kW, kH, std::nullopt, strict), "whole-anatomy");
    EXPECT_FALSE(c.passed);
    EXPECT_DOUBLE_EQ(c.limit, 0.5);
}

TEST(MaskQuality, RejectsRastersOfAnotherSize) {
    EXPECT_THROW((void)check(Mask(kW, kH + 1)), std::invalid_argument);
    EXPECT_THROW((void)MaskQuality{}(Mask(kW, kH), Mask(kW + 1, kH), kW, kH, std::nullopt),
                 std::invalid_argument);
}

TEST(MaskQuality, ThePhantomsTrueBoneMaskPassesEveryCheck) {
    // The phantom's ground truth against its foot outline, both views, at half the reference
    // size with its spacing: a correct mask must not need review. The lateral phantom's tibia
    // is a tapered capsule, i.e. two straight lines 0.6 of the image height long, which the
    // straight-edge check flags as it would a ruler (a real shaft bows and flares; see
    // StraightEdgeTest); every other check passes there too.
    for (const PhantomView view : {PhantomView::Planar, PhantomView::Lateral}) {
        PhantomParams params;
        params.view = view;
        params.width = 1460;
        params.height = 1160;
        const Phantom p = FootPhantom{}(params);
        const QualityReport r = MaskQuality{}(p.truth, p.footMask, p.truth.width(),
                                              p.truth.height(), p.metadata.spacing);
        for (const auto& c : r.checks) {
            if (view == PhantomView::Lateral && c.id == "straight-edge") continue;
            EXPECT_TRUE(c.passed) << toString(view) << " " << c.id << ": " << c.message;
        }
    }
}
