// Every mode on a set of synthetic masks: closed, manifold, outward, in millimetres.
#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>

#include "processing/esf/EsfSolver.h"
#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshTopology.h"
#include "tests/processing/mesh/MeshTestSupport.h"

namespace xrayprep::processing {
namespace {

using namespace mesh_test;

constexpr int kW = 64;
constexpr int kH = 48;

struct Shape {
    std::string name;
    std::function<Mask()> make;
    bool areaLikePixels = true;  // the outline's area is within a few % of the pixel count
};

std::vector<Shape> shapes() {
    return {
        {"rectangle", [] { return rectangleMask(kW, kH, 10, 8, 39, 27); }},
        {"disc", [] { return discMask(kW, kH, 32, 24, 15); }},
        {"twoDiscs",
         [] {
             Mask m = discMask(kW, kH, 15, 20, 9);
             addDisc(m, 45, 28, 11);
             return m;
         }},
        {"ring",
         [] {
             Mask m = discMask(kW, kH, 32, 24, 18);
             addDisc(m, 32, 24, 8, 0);
             return m;
         }},
        {"line", [] { return rectangleMask(kW, kH, 5, 20, 54, 20); }},
        {"diagonalLine",
         [] {
             Mask m(kW, kH, 0);
             for (int i = 4; i < 40; ++i) m.at(i + 10, i) = 1;
             return m;
         },
         false},  // 8-connected pixels: marching squares keeps them apart (diamonds)
        {"touchesBorder", [] { return rectangleMask(kW, kH, 0, 0, 20, kH - 1); }},
    };
}

struct Case {
    Shape shape;
    MeshMode mode;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.shape.name << " " << toString(c.mode); }

std::string caseName(const testing::TestParamInfo<Case>& info) {
    return info.param.shape.name + "_" + toString(info.param.mode);
}

std::vector<Case> cases() {
    std::vector<Case> c;
    for (const Shape& s : shapes()) {
        c.push_back({s, MeshMode::Extrude});
        c.push_back({s, MeshMode::Inflate});
    }
    return c;
}

class MeshShapes : public testing::TestWithParam<Case> {
  protected:
    static constexpr double kSx = 0.1;
    static constexpr double kSy = 0.2;
    static constexpr double kThickness = 4.0;

    TriangleMesh build(int smooth) {
        mask_ = GetParam().shape.make();
        esf_ = EsfSolver()(mask_, EsfParams{}, ExecutionPolicy::serial()).field;
        MeshParams p;
        p.mode = GetParam().mode;
        p.thickness = kThickness;
        p.smooth = smooth;
        const MeshInputs in{mask_, &esf_, nullptr, PixelSpacing{kSx, kSy, "test"}};
        return MeshBuilder()(in, p);
    }

    Mask mask_;
    FloatImage esf_;
};

void expectClosedOutward(const TriangleMesh& m) {
    ASSERT_FALSE(m.empty());
    EXPECT_EQ(boundaryEdgeCount(m), 0U);
    EXPECT_EQ(nonManifoldEdgeCount(m), 0U);
    EXPECT_EQ(degenerateTriangleCount(m), 0U);
    EXPECT_TRUE(isConsistentlyOriented(m));
    EXPECT_GT(signedVolume(m), 0.0);
    EXPECT_EQ(duplicateVertexCount(m), 0U);
    EXPECT_EQ(foldedTriangleCount(m), 0U);
    EXPECT_EQ(m.unit, "mm");
}

TEST_P(MeshShapes, ClosedOutwardAndExactExtentWithoutSmoothing) {
    const TriangleMesh m = build(0);
    expectClosedOutward(m);
    const PixelExtent e = extentOf(mask_);
    const MeshBounds b = bounds(m);
    // At step 1 the outline runs half a pixel outside the outermost pixel centres, i.e. along
    // the pixels' outer edges: [x0, x1 + 1] * spacing.
    EXPECT_NEAR(b.min.x, e.x0 * kSx, 1e-4);
    EXPECT_NEAR(b.max.x, (e.x1 + 1) * kSx, 1e-4);
    EXPECT_NEAR(b.min.y, e.y0 * kSy, 1e-4);
    EXPECT_NEAR(b.max.y, (e.y1 + 1) * kSy, 1e-4);
    EXPECT_NEAR(b.min.z, -kThickness / 2, 1e-5);
    EXPECT_NEAR(b.max.z, kThickness / 2, 1e-5);
    const double slab = static_cast<double>(e.area) * kSx * kSy * kThickness;
    if (GetParam().mode == MeshMode::Extrude) {
        if (GetParam().shape.areaLikePixels) {
            EXPECT_NEAR(signedVolume(m) / slab, 1.0, 0.03);
        }
    } else {
        EXPECT_LT(signedVolume(m), slab);  // inside the slab of full thickness
    }
}

TEST_P(MeshShapes, SmoothingKeepsItClosedAndTheVolume) {
    const TriangleMesh rough = build(0);
    const TriangleMesh smooth = build(10);
    expectClosedOutward(smooth);
    EXPECT_NE(rough.vertices, smooth.vertices);
    EXPECT_EQ(rough.triangles, smooth.triangles);
    if (GetParam().shape.areaLikePixels) {
        EXPECT_NEAR(signedVolume(smooth) / signedVolume(rough), 1.0, 0.05);
    }
    const PixelExtent e = extentOf(mask_);
    const MeshBounds b = bounds(smooth);
    EXPECT_NEAR(b.min.x, e.x0 * kSx, kSx);  // within one step
    EXPECT_NEAR(b.max.x, (e.x1 + 1) * kSx, kSx);
    EXPECT_NEAR(b.min.y, e.y0 * kSy, kSy);
    EXPECT_NEAR(b.max.y, (e.y1 + 1) * kSy, kSy);
    EXPECT_NEAR(maxAbsZ(smooth), kThickness / 2, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Masks, MeshShapes, testing::ValuesIn(cases()), caseName);

}  // namespace
}  // namespace xrayprep::processing
