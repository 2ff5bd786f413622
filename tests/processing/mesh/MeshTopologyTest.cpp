#include "processing/mesh/MeshTopology.h"

#include <gtest/gtest.h>

namespace xrayprep::processing {
namespace {

// A unit cube [0,1]^3 shifted by `o`, two counter-clockwise (seen from outside) triangles a
// face, written out by hand.
TriangleMesh cube(float o = 0.0F) {
    TriangleMesh m;
    for (int i = 0; i < 8; ++i) {
        m.vertices.push_back({o + float(i & 1), o + float((i >> 1) & 1), o + float((i >> 2) & 1)});
    }
    // vertex index = x + 2y + 4z
    m.triangles = {{0, 2, 1}, {1, 2, 3},   // z = 0, normal -z
                   {4, 5, 6}, {5, 7, 6},   // z = 1, normal +z
                   {0, 1, 4}, {1, 5, 4},   // y = 0, normal -y
                   {2, 6, 3}, {3, 6, 7},   // y = 1, normal +y
                   {0, 4, 2}, {2, 4, 6},   // x = 0, normal -x
                   {1, 3, 5}, {3, 7, 5}};  // x = 1, normal +x
    return m;
}

TEST(MeshTopology, CubeIsClosedOrientedWithUnitVolume) {
    for (float o : {0.0F, 5.0F, -3.0F}) {
        const TriangleMesh m = cube(o);
        EXPECT_EQ(boundaryEdgeCount(m), 0U);
        EXPECT_EQ(nonManifoldEdgeCount(m), 0U);
        EXPECT_EQ(degenerateTriangleCount(m), 0U);
        EXPECT_TRUE(isConsistentlyOriented(m));
        EXPECT_NEAR(signedVolume(m), 1.0, 1e-9);
        const MeshBounds b = bounds(m);
        ASSERT_TRUE(b.valid);
        EXPECT_EQ(b.min, (Point3f{o, o, o}));
        EXPECT_EQ(b.max, (Point3f{o + 1, o + 1, o + 1}));
    }
}

TEST(MeshTopology, TetrahedronVolumeIsOneSixth) {
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_NEAR(signedVolume(m), 1.0 / 6.0, 1e-12);
    for (auto& t : m.triangles) std::swap(t[1], t[2]);  // inside out
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_NEAR(signedVolume(m), -1.0 / 6.0, 1e-12);
}

TEST(MeshTopology, FlippedTriangleIsInconsistent) {
    TriangleMesh m = cube();
    std::swap(m.triangles[3][1], m.triangles[3][2]);
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_FALSE(isConsistentlyOriented(m));
}

TEST(MeshTopology, MissingTriangleLeavesThreeBoundaryEdges) {
    TriangleMesh m = cube();
    m.triangles.pop_back();
    EXPECT_EQ(boundaryEdgeCount(m), 3U);
    EXPECT_TRUE(isConsistentlyOriented(m));
}

TEST(MeshTopology, ThreeTrianglesOnOneEdgeAreNonManifold) {
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
    m.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
    EXPECT_EQ(nonManifoldEdgeCount(m), 1U);
    EXPECT_FALSE(isConsistentlyOriented(m));  // 0->1 is used twice
}

TEST(MeshTopology, DegenerateTriangles) {
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}};
    m.triangles = {{0, 1, 2}, {0, 0, 3}, {0, 1, 3}};
    EXPECT_EQ(degenerateTriangleCount(m), 2U);
}

TEST(MeshTopology, EmptyMesh) {
    const TriangleMesh m;
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_EQ(signedVolume(m), 0.0);
    EXPECT_FALSE(bounds(m).valid);
}

}  // namespace
}  // namespace xrayprep::processing
