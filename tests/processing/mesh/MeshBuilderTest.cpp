// Parameters, counts, units, scalars, determinism and errors of MeshBuilder.
#include "processing/mesh/MeshBuilder.h"

#include <gtest/gtest.h>

#include <cmath>

#include "processing/esf/EsfSolver.h"
#include "processing/mesh/MeshTopology.h"
#include "tests/processing/mesh/MeshTestSupport.h"

namespace xrayprep::processing {
namespace {

using namespace mesh_test;

MeshParams params(MeshMode mode, int target = 0, int smooth = 0, double thickness = 2.0) {
    MeshParams p;
    p.mode = mode;
    p.targetTriangles = target;
    p.smooth = smooth;
    p.thickness = thickness;
    return p;
}

void expectClosed(const TriangleMesh& m) {
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_EQ(nonManifoldEdgeCount(m), 0U);
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_GT(signedVolume(m), 0.0);
}

// A w x h pixel rectangle away from the border, counted by hand at step 1: (w-1)(h-1) full
// cells of 2 triangles, 2(w-1) + 2(h-1) side cells of 2, 4 corner cells of 1 triangle and
// as many outline segments (and outline vertices) as side and corner cells.
TEST(MeshBuilder, RectangleCountsAndVolumeByHand) {
    const int w = 30, h = 20;
    const Mask mask = rectangleMask(80, 60, 7, 9, 7 + w - 1, 9 + h - 1);
    const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
    const std::size_t cap = 2 * (w - 1) * (h - 1) + 2 * (2 * (w - 1) + 2 * (h - 1)) + 4;
    const std::size_t outline = 2 * (w - 1) + 2 * (h - 1) + 4;
    const MeshInputs in{mask, &esf, nullptr, PixelSpacing{0.5, 0.25, "test"}};
    const TriangleMesh ex = MeshBuilder()(in, params(MeshMode::Extrude, 0, 0, 3.0));
    EXPECT_EQ(ex.triangles.size(), 2 * cap + 2 * outline);
    EXPECT_EQ(ex.vertices.size(), 2 * (w * h + outline));
    // The outline cuts a quarter-pixel triangle (area 1/8) off each corner.
    EXPECT_NEAR(signedVolume(ex), (w * h - 0.5) * 0.5 * 0.25 * 3.0, 1e-3);
    const TriangleMesh inf = MeshBuilder()(in, params(MeshMode::Inflate));
    EXPECT_EQ(inf.triangles.size(), 2 * cap);
    EXPECT_EQ(inf.vertices.size(), 2 * w * h + outline);
}

// A lone pixel becomes a diamond with corners at the midpoints of its edges (area 1/2).
TEST(MeshBuilder, SinglePixel) {
    for (const Mask& mask : {Mask(1, 1, 1), rectangleMask(9, 7, 4, 3, 4, 3)}) {
        const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
        const MeshInputs in{mask, &esf, nullptr, PixelSpacing{0.5, 2.0, "test"}};
        const TriangleMesh ex = MeshBuilder()(in, params(MeshMode::Extrude, 0, 0, 3.0));
        expectClosed(ex);
        EXPECT_EQ(ex.triangles.size(), 2U * 4U + 2U * 4U);
        EXPECT_NEAR(signedVolume(ex), 0.5 * 0.5 * 2.0 * 3.0, 1e-5);
        const TriangleMesh inf = MeshBuilder()(in, params(MeshMode::Inflate, 0, 0, 3.0));
        expectClosed(inf);
        EXPECT_EQ(inf.vertices.size(), 6U);  // the centre above and below, 4 outline vertices
        EXPECT_NEAR(maxAbsZ(inf), 1.5, 1e-6);
        // Two pyramids of height t/2 on the diamond: 2 * (1/3) * area * t/2.
        EXPECT_NEAR(signedVolume(inf), 2.0 / 3.0 * 0.5 * 0.5 * 2.0 * 1.5, 1e-5);
        // Smoothing shrinks what is only a few lattice steps across, but keeps it closed.
        expectClosed(MeshBuilder()(in, params(MeshMode::Extrude, 0, 10, 3.0)));
        expectClosed(MeshBuilder()(in, params(MeshMode::Inflate, 0, 10, 3.0)));
    }
}

TEST(MeshBuilder, TargetTrianglesIsRespected) {
    const Mask mask = discMask(300, 260, 150, 130, 110);
    const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
    const MeshInputs in{mask, &esf, nullptr, PixelSpacing{0.15, 0.15, "test"}};
    for (MeshMode mode : {MeshMode::Extrude, MeshMode::Inflate}) {
        const std::size_t full = MeshBuilder()(in, params(mode)).triangles.size();
        std::size_t previous = full;
        for (int target : {40000, 10000, 2000, 300}) {
            SCOPED_TRACE(std::string(toString(mode)) + " target " + std::to_string(target));
            const TriangleMesh m = MeshBuilder()(in, params(mode, target, 10));
            EXPECT_LE(m.triangles.size(), static_cast<std::size_t>(target));
            EXPECT_LT(m.triangles.size(), previous);
            EXPECT_GT(m.triangles.size(), static_cast<std::size_t>(target) / 4);  // not too coarse
            previous = m.triangles.size();
            expectClosed(m);
            // Still the disc: extent within a step of the pixels' (step <= 20 px here).
            const MeshBounds b = bounds(m);
            EXPECT_NEAR(b.min.x, 40 * 0.15, 20 * 0.15);
            EXPECT_NEAR(b.max.x, 261 * 0.15, 20 * 0.15);
        }
    }
}

TEST(MeshBuilder, TooSmallTargetThrows) {
    const Mask mask = discMask(100, 100, 50, 50, 30);
    const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
    const MeshInputs in{.mask = mask, .esf = &esf};
    EXPECT_THROW((void)MeshBuilder()(in, params(MeshMode::Extrude, 3)), std::invalid_argument);
}

TEST(MeshBuilder, PixelsWhenTheSpacingIsUnknown) {
    const Mask mask = rectangleMask(40, 30, 3, 4, 12, 20);
    const TriangleMesh m = MeshBuilder()(MeshInputs{.mask = mask}, params(MeshMode::Extrude));
    EXPECT_EQ(m.unit, "px");
    const MeshBounds b = bounds(m);
    EXPECT_NEAR(b.min.x, 3.0, 1e-5);
    EXPECT_NEAR(b.max.x, 13.0, 1e-5);
    EXPECT_NEAR(b.min.y, 4.0, 1e-5);
    EXPECT_NEAR(b.max.y, 21.0, 1e-5);
}

TEST(MeshBuilder, EmptyMaskGivesAnEmptyMesh) {
    const Mask mask(32, 32, 0);
    const FloatImage esf(32, 32, 0.0F);
    for (MeshMode mode : {MeshMode::Extrude, MeshMode::Inflate}) {
        const TriangleMesh m =
            MeshBuilder()({.mask = mask, .esf = &esf, .spacing = PixelSpacing{}}, params(mode));
        EXPECT_TRUE(m.empty());
        EXPECT_TRUE(m.vertices.empty());
        EXPECT_EQ(m.unit, "mm");
    }
    const Mask none;
    EXPECT_TRUE(MeshBuilder()(MeshInputs{.mask = none}, params(MeshMode::Extrude)).empty());
}

TEST(MeshBuilder, BadInputsThrow) {
    const Mask mask = discMask(40, 40, 20, 20, 10);
    const FloatImage esf(40, 40, 0.0F), smallEsf(20, 40, 0.0F);
    const Image smallXray(40, 20, 12);
    const MeshBuilder build;
    EXPECT_THROW((void)build(MeshInputs{.mask = mask}, params(MeshMode::Inflate)),
                 std::invalid_argument);
    EXPECT_THROW((void)build({.mask = mask, .esf = &smallEsf}, params(MeshMode::Inflate)),
                 std::invalid_argument);
    EXPECT_THROW(
        (void)build({.mask = mask, .esf = &esf, .xray = &smallXray}, params(MeshMode::Extrude)),
        std::invalid_argument);
    EXPECT_THROW((void)build({.mask = mask, .esf = &esf}, params(MeshMode::Extrude, 0, 0, 0.0)),
                 std::invalid_argument);
    EXPECT_THROW((void)build({.mask = mask, .esf = &esf}, params(MeshMode::Extrude, -1)),
                 std::invalid_argument);
    EXPECT_THROW((void)build({.mask = mask, .esf = &esf}, params(MeshMode::Extrude, 0, -1)),
                 std::invalid_argument);
    EXPECT_THROW((void)build({.mask = mask, .esf = &esf, .spacing = PixelSpacing{0.0, 1.0, ""}},
                             params(MeshMode::Extrude)),
                 std::invalid_argument);
}

TEST(MeshBuilder, ScalarsFollowTheChosenImage) {
    const Mask mask = discMask(50, 40, 25, 20, 12);
    FloatImage esf(50, 40);
    Image xray(50, 40, 12, 1000);
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 50; ++x) esf.at(x, y) = 0.01F * static_cast<float>(x);
    }
    const double sx = 0.2, sy = 0.3;
    MeshInputs in{mask, &esf, &xray, PixelSpacing{sx, sy, "test"}};
    const TriangleMesh byXray = MeshBuilder()(in, params(MeshMode::Extrude));
    EXPECT_EQ(byXray.scalarName, "xray");
    ASSERT_EQ(byXray.scalars.size(), byXray.vertices.size());
    for (float s : byXray.scalars) EXPECT_EQ(s, 1000.0F);
    in.colour = MeshInputs::Colour::Esf;
    const TriangleMesh byEsf = MeshBuilder()(in, params(MeshMode::Inflate));
    EXPECT_EQ(byEsf.scalarName, "esf");
    ASSERT_EQ(byEsf.scalars.size(), byEsf.vertices.size());
    for (std::size_t v = 0; v < byEsf.vertices.size(); ++v) {  // esf = 0.01 * column
        EXPECT_NEAR(byEsf.scalars[v], 0.01 * (byEsf.vertices[v].x / sx - 0.5), 1e-5);
    }
    in.xray = nullptr;
    in.colour = MeshInputs::Colour::XRay;
    EXPECT_TRUE(MeshBuilder()(in, params(MeshMode::Extrude)).scalars.empty());
}

TEST(MeshBuilder, InflateIsThickestWhereTheEsfIsLowest) {
    const Mask mask = discMask(80, 80, 40, 40, 25);
    const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
    const TriangleMesh m =
        MeshBuilder()({.mask = mask, .esf = &esf}, params(MeshMode::Inflate, 0, 0, 6.0));
    std::size_t top = 0;
    for (std::size_t v = 1; v < m.vertices.size(); ++v) {
        if (m.vertices[v].z > m.vertices[top].z) top = v;
    }
    EXPECT_NEAR(m.vertices[top].z, 3.0, 1e-6);
    EXPECT_NEAR(m.vertices[top].x, 40.5, 1.5);  // the disc's centre, in px (+0.5)
    EXPECT_NEAR(m.vertices[top].y, 40.5, 1.5);
    // Vertices on the outline are in the image plane; every other one is off it.
    std::size_t onPlane = 0;
    for (const auto& p : m.vertices) onPlane += p.z == 0.0F ? 1 : 0;
    EXPECT_GT(onPlane, 100U);
}

TEST(MeshBuilder, DeterministicAndCancellable) {
    const Mask mask = discMask(120, 90, 60, 45, 35);
    const FloatImage esf = EsfSolver()(mask, EsfParams{}, ExecutionPolicy::serial()).field;
    const MeshInputs in{mask, &esf, nullptr, PixelSpacing{0.1, 0.2, "test"},
                        MeshInputs::Colour::Esf};
    for (MeshMode mode : {MeshMode::Extrude, MeshMode::Inflate}) {
        const TriangleMesh a = MeshBuilder()(in, params(mode, 3000, 10));
        const TriangleMesh b = MeshBuilder()(in, params(mode, 3000, 10));
        EXPECT_EQ(a.vertices, b.vertices);
        EXPECT_EQ(a.triangles, b.triangles);
        EXPECT_EQ(a.scalars, b.scalars);
    }
    CancelToken cancel;
    cancel.cancel();
    EXPECT_THROW((void)MeshBuilder()(in, params(MeshMode::Inflate), &cancel), Cancelled);
}

TEST(MeshParams, ModeNames) {
    EXPECT_STREQ(toString(MeshMode::Extrude), "extrude");
    EXPECT_STREQ(toString(MeshMode::Inflate), "inflate");
}

}  // namespace
}  // namespace xrayprep::processing
