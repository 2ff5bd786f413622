// The lattice, cap and assembly stages on noisy masks, whose lattices at steps >= 2 hold
// every marching-squares case (saddles of both kinds in both orientations).
#include "processing/mesh/CapMesh.h"

#include <gtest/gtest.h>

#include <random>

#include "processing/mesh/CapSmoother.h"
#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshLattice.h"
#include "processing/mesh/MeshTopology.h"
#include "processing/mesh/SurfaceAssembler.h"
#include "tests/processing/mesh/MeshTestSupport.h"

namespace xrayprep::processing {
namespace {

Mask noiseMask(int w, int h, unsigned seed, double p) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(p);
    Mask m(w, h, 0);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

void expectClosed(const TriangleMesh& m) {
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_EQ(nonManifoldEdgeCount(m), 0U);
    EXPECT_EQ(degenerateTriangleCount(m), 0U);
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_EQ(mesh_test::duplicateVertexCount(m), 0U);
    EXPECT_EQ(mesh_test::foldedTriangleCount(m), 0U);
}

TEST(CapMesh, NoisyMasksGiveClosedMeshesAtEveryStep) {
    for (unsigned seed : {1U, 2U, 3U}) {
        const Mask mask = noiseMask(41, 37, seed, 0.5);
        for (int step = 1; step <= 5; ++step) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
            const MeshLattice lattice(mask, step);
            const CapMesh cap = CapBuilder()(lattice);
            const CapCounts counts = CapBuilder().count(lattice);
            EXPECT_EQ(cap.triangles.size(), counts.triangles);
            EXPECT_EQ(cap.segments.size(), counts.segments);
            // Every triangle has an inner vertex (top and bottom of inflate differ there).
            for (const auto& t : cap.triangles) {
                EXPECT_FALSE(cap.outline[t[0]] && cap.outline[t[1]] && cap.outline[t[2]]);
            }
            // The cap's area (shoelace over its triangles) matches the outline's.
            double triangleArea = 0.0, outlineArea = 0.0;
            for (const auto& t : cap.triangles) {
                const double ax = cap.x[t[0]], ay = cap.y[t[0]];
                const double cross = (cap.x[t[1]] - ax) * (cap.y[t[2]] - ay) -
                                     (cap.y[t[1]] - ay) * (cap.x[t[2]] - ax);
                EXPECT_GT(cross, 0.0);
                triangleArea += 0.5 * cross;
            }
            for (const auto& s : cap.segments) {  // the region lies left of the segments
                outlineArea += 0.5 * (cap.x[s[0]] * cap.y[s[1]] - cap.x[s[1]] * cap.y[s[0]]);
            }
            EXPECT_NEAR(triangleArea, outlineArea, 1e-9 * (1.0 + triangleArea));
            const std::vector<float> none;
            expectClosed(SurfaceAssembler().extrude(cap, 2.0, {0.3, 0.2}, none));
            const std::vector<double> h(cap.vertexCount(), 1.0);
            expectClosed(SurfaceAssembler().inflate(cap, h, {0.3, 0.2}, none));
            CapMesh smoothed = cap;
            std::vector<double> hs = h;
            CapSmoother()(smoothed, &hs, 3);
            expectClosed(SurfaceAssembler().extrude(smoothed, 2.0, {0.3, 0.2}, none));
        }
    }
}

// The same through MeshBuilder: targets pick coarse steps, smoothing and inflate included.
TEST(CapMesh, NoisyMasksThroughTheBuilder) {
    const Mask mask = noiseMask(90, 70, 7, 0.6);
    FloatImage esf(90, 70);
    for (std::size_t i = 0; i < esf.size(); ++i) esf.data()[i] = 0.001F * float(i % 700);
    for (MeshMode mode : {MeshMode::Extrude, MeshMode::Inflate}) {
        for (int target : {0, 8000, 2000}) {
            SCOPED_TRACE(std::string(toString(mode)) + " target " + std::to_string(target));
            MeshParams p;
            p.mode = mode;
            p.targetTriangles = target;
            const TriangleMesh m = MeshBuilder()({mask, &esf}, p);
            if (target > 0) {
                EXPECT_LE(m.triangles.size(), static_cast<std::size_t>(target));
            }
            expectClosed(m);
            EXPECT_GT(signedVolume(m), 0.0);
        }
    }
}

// Block fractions and positions of a 5 x 3 mask at step 2, by hand.
TEST(MeshLattice, BlockFractionsAndPositions) {
    Mask m(5, 3, 0);
    m.at(0, 0) = m.at(1, 1) = m.at(2, 0) = m.at(4, 2) = 1;
    const MeshLattice l(m, 2);
    ASSERT_EQ(l.columns(), 3);
    ASSERT_EQ(l.rows(), 2);
    EXPECT_FLOAT_EQ(l.value(0, 0), 0.5F);   // pixels (0..1, 0..1): 2 of 4
    EXPECT_FLOAT_EQ(l.value(1, 0), 0.25F);  // (2..3, 0..1): 1 of 4
    EXPECT_FLOAT_EQ(l.value(2, 0), 0.0F);   // (4, 0..1): 0 of 2
    EXPECT_FLOAT_EQ(l.value(2, 1), 1.0F);   // (4, 2): 1 of 1
    EXPECT_FLOAT_EQ(l.value(-1, 0), 0.0F);  // padding
    EXPECT_FLOAT_EQ(l.value(3, 1), 0.0F);
    EXPECT_DOUBLE_EQ(l.x(0), 0.5);
    EXPECT_DOUBLE_EQ(l.x(2), 4.0);  // the lone last column
    EXPECT_DOUBLE_EQ(l.y(1), 2.0);
    // Padding mirrored about the image border: midpoints at -0.5 and width - 0.5.
    EXPECT_DOUBLE_EQ(0.5 * (l.x(-1) + l.x(0)), -0.5);
    EXPECT_DOUBLE_EQ(0.5 * (l.x(2) + l.x(3)), 4.5);
    EXPECT_DOUBLE_EQ(0.5 * (l.y(1) + l.y(2)), 2.5);
}

}  // namespace
}  // namespace xrayprep::processing
