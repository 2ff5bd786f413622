// The sample phantom's truth mask and its ESF give a closed mesh per mode (its time is printed,
// not checked: speed is measured in benchmarks, perf/).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "processing/esf/EsfSolver.h"
#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshTopology.h"
#include "processing/phantom/FootPhantom.h"
#include "tests/processing/mesh/MeshTestSupport.h"

namespace xrayprep::processing {
namespace {

using namespace mesh_test;

void checkPhantom(int width, int height, int threads) {
    PhantomParams pp;
    pp.width = width;
    pp.height = height;
    const Phantom ph = FootPhantom()(pp);
    ASSERT_TRUE(ph.metadata.spacing.has_value());
    const FloatImage esf = EsfSolver()(ph.truth, EsfParams{}, ExecutionPolicy{threads}).field;
    const PixelExtent e = extentOf(ph.truth);
    const double sx = ph.metadata.spacing->x, sy = ph.metadata.spacing->y;
    for (MeshMode mode : {MeshMode::Extrude, MeshMode::Inflate}) {
        SCOPED_TRACE(toString(mode));
        MeshParams p;  // defaults: 200k triangles, 10 smoothing iterations
        p.mode = mode;
        const MeshInputs in{ph.truth, &esf, &ph.image, ph.metadata.spacing};
        double best = 1e9;
        TriangleMesh m;
        for (int run = 0; run < 3; ++run) {  // the machine is shared: take the fastest
            const auto t0 = std::chrono::steady_clock::now();
            m = MeshBuilder()(in, p);
            best = std::min(
                best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::printf("[ mesh ] %dx%d %s: %zu triangles, %zu vertices, %.1f ms (best of 3)\n", width,
                    height, toString(mode), m.triangles.size(), m.vertices.size(), best * 1e3);
        EXPECT_LE(m.triangles.size(), 200000U);
        EXPECT_EQ(boundaryEdgeCount(m), 0U);
        EXPECT_EQ(nonManifoldEdgeCount(m), 0U);
        EXPECT_EQ(degenerateTriangleCount(m), 0U);
        EXPECT_TRUE(isConsistentlyOriented(m));
        EXPECT_EQ(foldedTriangleCount(m), 0U);
        EXPECT_GT(signedVolume(m), 0.0);
        EXPECT_EQ(m.scalars.size(), m.vertices.size());
        const MeshBounds b = bounds(m);
        const double stepX = 8 * sx, stepY = 8 * sy;  // a generous step bound
        EXPECT_NEAR(b.min.x, e.x0 * sx, stepX);
        EXPECT_NEAR(b.max.x, (e.x1 + 1) * sx, stepX);
        EXPECT_NEAR(b.min.y, e.y0 * sy, stepY);
        EXPECT_NEAR(b.max.y, (e.y1 + 1) * sy, stepY);
        EXPECT_NEAR(maxAbsZ(m), p.thickness / 2, 1e-5);
    }
}

TEST(MeshPhantom, SampleSizeIsClosed) { checkPhantom(730, 580, 1); }

}  // namespace
}  // namespace xrayprep::processing
