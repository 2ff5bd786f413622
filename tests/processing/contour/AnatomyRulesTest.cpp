// The non-anatomy rules on synthetic scenes that reproduce real radiographs (AnatomyScenes.h):
// what must be dropped is known pixel by pixel, so the checks do not rely on the code under test.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "AnatomyScenes.h"
#include "processing/contour/ActiveContour.h"

namespace xrayprep::processing {
namespace {

constexpr ContourMethod kMethods[] = {ContourMethod::ChanVese, ContourMethod::Snake};

int mentions(const std::vector<std::string>& lines, const std::string& what) {
    int n = 0;
    for (const std::string& l : lines) n += l.find(what) != std::string::npos ? 1 : 0;
    return n;
}

// Chan-vese separates bone from soft tissue; the snakes may stay on the skin line where the
// threshold keeps the soft tissue, so for them the bones need only lie inside the mask.
void expectBones(const ContourResult& r, const Mask& bones, ContourMethod m) {
    std::int64_t n = 0;
    for (const auto v : bones.pixels()) n += v;
    EXPECT_GE(static_cast<double>(test::overlap(r.mask, bones)), 0.95 * static_cast<double>(n));
    if (m == ContourMethod::ChanVese) {
        EXPECT_GE(test::dice(r.mask, bones), 0.9);
    }
}

ContourResult run(const test::Scene& s, ContourMethod m, int threads = 2) {
    ContourParams p;
    p.method = m;
    return ActiveContour{}(s.inputs(), p, ExecutionPolicy{threads});
}

Mask unite(const Mask& a, const Mask& b) {
    Mask u = a;
    for (std::size_t i = 0; i < u.size(); ++i) u.data()[i] = a.data()[i] | b.data()[i];
    return u;
}

// A bright plate in a background that creeps above the threshold: before the anatomy level was
// raised, the plate joined the soft tissue through that background and reached the mask.
TEST(AnatomyRules, MarkerInBackgroundAboveTheThresholdIsDiscarded) {
    const test::LabelledScene ls = test::gradedBackgroundMarker();
    for (const ContourMethod m : kMethods) {
        SCOPED_TRACE(toString(m));
        const ContourResult r = run(ls.scene, m);
        EXPECT_EQ(test::overlap(r.mask, ls.clutter), 0);
        expectBones(r, ls.scene.bones, m);
        EXPECT_EQ(mentions(r.discarded, "outside the anatomy"), 1);
        EXPECT_EQ(mentions(r.notes, "midway between the threshold"), 1);
    }
}

// A collimator band whose inner edge is a soft ramp, wide where it falls to the background and
// running into the soft tissue in the middle rows: none of it may reach the mask.
TEST(AnatomyRules, SoftInnerEdgeOfABandIsDiscarded) {
    const test::LabelledScene ls = test::softEdgedBand();
    for (const ContourMethod m : kMethods) {
        SCOPED_TRACE(toString(m));
        const ContourResult r = run(ls.scene, m);
        EXPECT_EQ(test::overlap(r.mask, ls.clutter), 0);
        expectBones(r, ls.scene.bones, m);
        EXPECT_EQ(mentions(r.discarded, "collimator band along the right edge"), 1);
        EXPECT_EQ(mentions(r.discarded, "soft inner edge"), 1);
    }
}

// A thin bright strip along the edge of the exposed field is dropped; a bone ending near it and
// a bone running off the image edge are kept.
TEST(AnatomyRules, ThinStripAlongTheFieldEdgeIsDiscardedBonesAtEdgesKept) {
    const test::LabelledScene ls = test::stripAlongFieldEdge();
    const Mask allBones = unite(ls.scene.bones, ls.bones2);
    for (const ContourMethod m : kMethods) {
        SCOPED_TRACE(toString(m));
        const ContourResult r = run(ls.scene, m);
        EXPECT_EQ(test::overlap(r.mask, ls.clutter), 0);
        expectBones(r, allBones, m);
        expectBones(r, ls.bones2, ContourMethod::Snake);  // the bone at the edge is there
        EXPECT_EQ(r.mask.at(237, 299), 1);
        EXPECT_EQ(mentions(r.discarded, "edge strip"), 1);
    }
}

TEST(AnatomyRules, SameResultForEveryThreadCount) {
    for (const test::LabelledScene& ls :
         {test::gradedBackgroundMarker(), test::softEdgedBand(), test::stripAlongFieldEdge()}) {
        for (const ContourMethod m : kMethods) {
            const ContourResult serial = run(ls.scene, m, 1);
            for (const int t : {2, 3}) {
                const ContourResult parallel = run(ls.scene, m, t);
                EXPECT_EQ(serial.mask, parallel.mask) << toString(m) << " threads " << t;
                EXPECT_EQ(serial.contours, parallel.contours) << toString(m) << " threads " << t;
                EXPECT_EQ(serial.discarded, parallel.discarded) << toString(m);
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
