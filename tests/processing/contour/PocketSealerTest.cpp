#include "processing/contour/PocketSealer.h"

#include <gtest/gtest.h>

#include <queue>
#include <utility>

#include "ContourTestUtil.h"
#include "tests/processing/imaging/BruteForceMorphology.h"
#include "tests/processing/imaging/ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The unset pixels 4-connected to the image border (or, with `leak`, to a pixel where leak is
// set), by a flood from them.
Mask floodUnset(const Mask& m, const Mask* leak) {
    const int w = m.width(), h = m.height();
    Mask reached(w, h, 0);
    std::queue<std::pair<int, int>> todo;
    auto seed = [&](int x, int y) {
        if (m.at(x, y) == 0 && reached.at(x, y) == 0) {
            reached.at(x, y) = 1;
            todo.push({x, y});
        }
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            bool nextToLeak = false;
            if (leak != nullptr) {
                for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx >= 0 && ny >= 0 && nx < w && ny < h && leak->at(nx, ny) != 0) {
                        nextToLeak = true;
                    }
                }
            }
            if (border || nextToLeak) seed(x, y);
        }
    }
    while (!todo.empty()) {
        const auto [x, y] = todo.front();
        todo.pop();
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const int nx = x + dx, ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < w && ny < h) seed(nx, ny);
        }
    }
    return reached;
}

Mask bruteFillHoles(const Mask& m) {
    const Mask outside = floodUnset(m, nullptr);
    Mask out(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) out.data()[i] = outside.data()[i] == 0 ? 1 : 0;
    return out;
}

// The header's recipe with the brute-force closing: the anatomy less the pockets of tissue
// (anatomy outside the closed bone) that reach the image border or the skin (a pixel next to
// one outside the anatomy).
Mask bruteSeal(const Mask& bone, const Mask& anatomy, double r) {
    const Mask closedBone = test::bruteClose(bone, r);
    Mask notTissue(bone.width(), bone.height(), 0);  // everything but anatomy outside the bone
    Mask outsideAnatomy(bone.width(), bone.height(), 0);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        const bool inAnatomy = anatomy.data()[i] != 0;
        notTissue.data()[i] = !inAnatomy || closedBone.data()[i] != 0 ? 1 : 0;
        outsideAnatomy.data()[i] = inAnatomy ? 0 : 1;
    }
    const Mask open = floodUnset(notTissue, &outsideAnatomy);
    Mask out(bone.width(), bone.height(), 0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = anatomy.data()[i] != 0 && open.data()[i] == 0 ? 1 : 0;
    }
    return out;
}

TEST(FillHoles, MatchesFloodFromTheBorder) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.3, 0.6, 0.85}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density));
            EXPECT_EQ(fillHoles(m, ExecutionPolicy::serial()), bruteFillHoles(m));
        }
    }
}

// A ring's inside is a hole; a gap touching only diagonally does not open it (4-connected
// unset regions), a 4-connected gap does.
TEST(FillHoles, RingInsideFillsUnlessOpen) {
    Mask ring(7, 7, 0);
    for (int i = 1; i <= 5; ++i) ring.at(i, 1) = ring.at(i, 5) = ring.at(1, i) = ring.at(5, i) = 1;
    Mask filled(7, 7, 0);
    for (int y = 1; y <= 5; ++y) {
        for (int x = 1; x <= 5; ++x) filled.at(x, y) = 1;
    }
    EXPECT_EQ(fillHoles(ring, ExecutionPolicy::serial()), filled);
    Mask open = ring;
    open.at(3, 5) = 0;
    EXPECT_EQ(fillHoles(open, ExecutionPolicy::serial()), open);
}

TEST(PocketSealer, MatchesRecipeOnRandomMasks) {
    std::uint32_t seed = 20;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const Mask anatomy = test::randomBinaryMask(w, h, 0.85, seed++);
        const Mask someBone = test::randomBinaryMask(w, h, 0.4, seed++);
        Mask bone(w, h, 0);
        for (std::size_t i = 0; i < bone.size(); ++i) {
            bone.data()[i] = anatomy.data()[i] & someBone.data()[i];
        }
        for (const double r : {0.0, 1.0, 2.0}) {
            SCOPED_TRACE(test::sizeName(w, h) + " r " + std::to_string(r));
            EXPECT_EQ(PocketSealer{}(bone, anatomy, r, ExecutionPolicy::serial()),
                      bruteSeal(bone, anatomy, r));
        }
    }
}

// Inside a large anatomy: a closed ring of bone has its inside sealed; a U of bone whose
// mouth reaches the skin keeps its inside as tissue.
TEST(PocketSealer, SealsEnclosedPocketsNotThoseOpenToTheSkin) {
    const int w = 40, h = 30;
    Mask anatomy(w, h, 0);
    for (int y = 3; y < 27; ++y) {
        for (int x = 3; x < 37; ++x) anatomy.at(x, y) = 1;
    }
    Mask bone(w, h, 0);
    for (int i = 6; i <= 14; ++i) {
        bone.at(i, 6) = bone.at(i, 14) = bone.at(6, i) = bone.at(14, i) = 1;  // ring
    }
    for (int y = 3; y <= 14; ++y) bone.at(22, y) = bone.at(30, y) = 1;  // U, open at the top
    for (int x = 22; x <= 30; ++x) bone.at(x, 14) = 1;
    const Mask sealed = PocketSealer{}(bone, anatomy, 1.0, ExecutionPolicy::serial());
    EXPECT_EQ(sealed.at(10, 10), 1);  // inside the ring
    EXPECT_EQ(sealed.at(26, 8), 0);   // inside the U: reaches the skin at the top
    EXPECT_EQ(sealed.at(20, 20), 0);  // plain tissue
    EXPECT_EQ(sealed.at(22, 10), 1);  // the bone itself
    EXPECT_EQ(sealed.at(1, 1), 0);    // outside the anatomy
}

TEST(PocketSealer, ParallelEqualsSerial) {
    const Mask anatomy = test::randomBinaryMask(90, 70, 0.9, 3);
    Mask bone = test::randomBinaryMask(90, 70, 0.35, 4);
    for (std::size_t i = 0; i < bone.size(); ++i) bone.data()[i] &= anatomy.data()[i];
    const Mask serial = PocketSealer{}(bone, anatomy, 2.0, ExecutionPolicy::serial());
    const Mask holes = fillHoles(bone, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        EXPECT_EQ(PocketSealer{}(bone, anatomy, 2.0, ExecutionPolicy{threads}), serial);
        EXPECT_EQ(fillHoles(bone, ExecutionPolicy{threads}), holes);
    }
}

}  // namespace
}  // namespace xrayprep::processing
