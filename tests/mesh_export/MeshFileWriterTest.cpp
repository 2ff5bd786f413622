// The mesh writers checked by parsing their bytes by hand (format specs), plus atomicity.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "MeshTestSupport.h"
#include "io/FileBytes.h"
#include "mesh_export/MeshFileWriter.h"
#include "mesh_export/MeshNormals.h"
#include "tests/support/TempDir.h"

namespace xrayprep::mesh_export {
namespace {

using processing::Point3f;
using test_support::TempDir;

std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}
float leFloat(const std::uint8_t* p) {
    const std::uint32_t bits = le32(p);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Independent outward check: the facet normal points away from the body's centre.
TEST(MeshFileWriter, BinaryStlHasOutwardUnitNormalsAndTheVertices) {
    const auto mesh = test::box({10, 20, 30}, {2, 3, 4});
    const auto stl = encodeStl(mesh);
    ASSERT_EQ(stl.size(), 84u + 50u * 12u);
    EXPECT_NE(std::string(stl.begin(), stl.begin() + 5), "solid");
    ASSERT_EQ(le32(stl.data() + 80), 12u);
    for (std::size_t t = 0; t < 12; ++t) {
        const std::uint8_t* f = stl.data() + 84 + 50 * t;
        const float n[3] = {leFloat(f), leFloat(f + 4), leFloat(f + 8)};
        EXPECT_NEAR(n[0] * n[0] + n[1] * n[1] + n[2] * n[2], 1.0, 1e-6);
        float centroid[3] = {0, 0, 0};
        for (int v = 0; v < 3; ++v) {
            const Point3f& expected = mesh.vertices[mesh.triangles[t][v]];
            EXPECT_EQ(leFloat(f + 12 + 12 * v), expected.x);
            EXPECT_EQ(leFloat(f + 16 + 12 * v), expected.y);
            EXPECT_EQ(leFloat(f + 20 + 12 * v), expected.z);
            centroid[0] += expected.x / 3;
            centroid[1] += expected.y / 3;
            centroid[2] += expected.z / 3;
        }
        const float out =
            n[0] * (centroid[0] - 11) + n[1] * (centroid[1] - 21.5F) + n[2] * (centroid[2] - 32);
        EXPECT_GT(out, 0.5F) << "facet " << t;
        EXPECT_EQ(f[48], 0);
        EXPECT_EQ(f[49], 0);
    }
}

TEST(MeshFileWriter, PlyHeaderAndBinaryBodyFollowTheSpec) {
    const auto mesh = test::box({0, 0, 0}, {1, 2, 3});
    const auto ply = encodePly(mesh);
    const std::string text(ply.begin(), ply.end());
    const auto end = text.find("end_header\n");
    ASSERT_NE(end, std::string::npos);
    const std::string header = text.substr(0, end);
    EXPECT_EQ(header.rfind("ply\nformat binary_little_endian 1.0\n", 0), 0u);
    EXPECT_NE(header.find("element vertex 8\n"), std::string::npos);
    EXPECT_NE(header.find("property float nx\n"), std::string::npos);
    EXPECT_NE(header.find("property float xray\n"), std::string::npos);
    EXPECT_NE(header.find("element face 12\nproperty list uchar int vertex_indices\n"),
              std::string::npos);
    const std::uint8_t* body = ply.data() + end + 11;
    ASSERT_EQ(ply.size(), end + 11 + 8 * 7 * 4 + 12 * 13);
    for (int v = 0; v < 8; ++v) {
        const std::uint8_t* p = body + v * 28;
        EXPECT_EQ(leFloat(p), mesh.vertices[v].x);
        EXPECT_EQ(leFloat(p + 8), mesh.vertices[v].z);
        EXPECT_EQ(leFloat(p + 24), mesh.scalars[v]);
        // Corner normals of a box point away from the centre on every axis.
        EXPECT_GT(leFloat(p + 12) * (mesh.vertices[v].x - 0.5F), 0);
        EXPECT_GT(leFloat(p + 20) * (mesh.vertices[v].z - 1.5F), 0);
    }
    const std::uint8_t* faces = body + 8 * 28;
    for (int t = 0; t < 12; ++t) {
        EXPECT_EQ(faces[t * 13], 3);
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(le32(faces + t * 13 + 1 + 4 * k), mesh.triangles[t][k]);
    }
}

TEST(MeshFileWriter, ObjListsVerticesNormalsAndOneBasedFaces) {
    const auto mesh = test::tetrahedron();
    const auto obj = encodeObj(mesh);
    std::istringstream in(std::string(obj.begin(), obj.end()));
    std::string line;
    int v = 0, vn = 0, f = 0;
    while (std::getline(in, line)) {
        if (line.rfind("v ", 0) == 0) ++v;
        if (line.rfind("vn ", 0) == 0) ++vn;
        if (line.rfind("f ", 0) == 0) {
            if (f == 0) {
                EXPECT_EQ(line, "f 1//1 3//3 2//2");
            }
            ++f;
        }
    }
    EXPECT_EQ(v, 4);
    EXPECT_EQ(vn, 4);
    EXPECT_EQ(f, 4);
    const auto plain = encodeObj(mesh, MeshWriteOptions{false});
    EXPECT_NE(std::string(plain.begin(), plain.end()).find("\nf 1 3 2\n"), std::string::npos);
    EXPECT_NE(std::string(plain.begin(), plain.end()).find("\nv 2 0 0\n"), std::string::npos);
}

TEST(MeshFileWriter, FormatsFromExtensions) {
    EXPECT_EQ(meshFormatFromPath("a/b.STL"), MeshFormat::Stl);
    EXPECT_EQ(meshFormatFromPath("b.obj"), MeshFormat::Obj);
    EXPECT_EQ(meshFormatFromPath("b.ply"), MeshFormat::Ply);
    EXPECT_EQ(meshFormatFromPath("b.vtp"), MeshFormat::Vtp);
    EXPECT_FALSE(meshFormatFromPath("b.off"));
}

TEST(MeshFileWriter, MalformedMeshThrowsAndKeepsTheOldFile) {
    TempDir dir;
    const auto path = dir / "mesh.stl";
    io::writeFileAtomically(path, std::string("old"));
    auto bad = test::tetrahedron();
    bad.triangles.push_back({0, 1, 9});
    for (const MeshFormat f :
         {MeshFormat::Stl, MeshFormat::Obj, MeshFormat::Ply, MeshFormat::Vtp}) {
        EXPECT_THROW(writeMesh(path, bad, f), std::invalid_argument);
    }
    auto scalars = test::tetrahedron();
    scalars.scalars = {1.0F};
    EXPECT_THROW(writeMesh(path, scalars, MeshFormat::Ply), std::invalid_argument);
    const auto bytes = io::readFileBytes(path);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "old");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"mesh.stl"});
}

TEST(MeshFileWriter, ReadOnlyFolderFailsWithoutLeavingAnything) {
    if (::geteuid() == 0) GTEST_SKIP() << "root ignores folder permissions";
    TempDir dir;
    const auto path = dir / "mesh.ply";
    io::writeFileAtomically(path, std::string("old"));
    std::filesystem::permissions(
        dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    EXPECT_THROW(writeMesh(path, test::box(), MeshFormat::Ply), std::runtime_error);
    std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
    const auto bytes = io::readFileBytes(path);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "old");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"mesh.ply"});
}

TEST(MeshFileWriter, RefusesToOverwriteAnInputFile) {
    TempDir dir;
    const auto input = dir / "input.dcm";
    io::writeFileAtomically(input, std::string("DICM"));
    for (const MeshFormat f :
         {MeshFormat::Stl, MeshFormat::Obj, MeshFormat::Ply, MeshFormat::Vtp}) {
        EXPECT_THROW(writeMesh(input, test::box(), f, {}, {input}), std::runtime_error);
    }
    const auto bytes = io::readFileBytes(input);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "DICM");
}

TEST(MeshNormals, VertexNormalsOfATetrahedronCornerAreTheMeanOfItsFaces) {
    const auto mesh = test::tetrahedron();
    const auto normals = vertexNormals(mesh);
    // Vertex 0 touches the three axis-aligned faces with areas 3 (z), 4 (y), 6 (x), times 2.
    const double n[3] = {-12, -8, -6};
    const double len = std::sqrt(12.0 * 12 + 8 * 8 + 6 * 6);
    EXPECT_NEAR(normals[0].x, n[0] / len, 1e-6);
    EXPECT_NEAR(normals[0].y, n[1] / len, 1e-6);
    EXPECT_NEAR(normals[0].z, n[2] / len, 1e-6);
}

}  // namespace
}  // namespace xrayprep::mesh_export
