// The bone mesh of the sample, exported as STL and read back with VTK: closed (no boundary or
// non-manifold edges) and, in millimetres, as wide and long as the mask's pixel extent times
// the pixel spacing. The expected extent comes from the mask itself, not from the mesh code.
#include <gtest/gtest.h>
#include <vtkFeatureEdges.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>

#include <algorithm>

#include "mesh_export/MeshFileWriter.h"
#include "processing/esf/EsfSolver.h"
#include "processing/mesh/MeshBuilder.h"
#include "processing/phantom/FootPhantom.h"
#include "tests/support/TempDir.h"

namespace xrayprep::mesh_export {
namespace {

struct PixelBox {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
};

PixelBox maskExtent(const processing::Mask& mask) {
    PixelBox box;
    for (int y = 0; y < mask.height(); ++y) {
        for (int x = 0; x < mask.width(); ++x) {
            if (!mask.at(x, y)) continue;
            box.x0 = std::min(box.x0, x);
            box.y0 = std::min(box.y0, y);
            box.x1 = std::max(box.x1, x);
            box.y1 = std::max(box.y1, y);
        }
    }
    return box;
}

std::size_t openEdges(vtkPolyData* mesh) {
    vtkNew<vtkFeatureEdges> edges;
    edges->SetInputData(mesh);
    edges->BoundaryEdgesOn();
    edges->NonManifoldEdgesOn();
    edges->FeatureEdgesOff();
    edges->ManifoldEdgesOff();
    edges->Update();
    return static_cast<std::size_t>(edges->GetOutput()->GetNumberOfCells());
}

TEST(PhantomMeshReadBack, ExportedStlIsClosedAndSpansTheMaskInMillimetres) {
    processing::PhantomParams params;
    params.width = 730;
    params.height = 580;
    const processing::Phantom phantom = processing::FootPhantom{}(params);
    const processing::Mask& mask = phantom.truth;
    const processing::PixelSpacing spacing = *phantom.metadata.spacing;
    const processing::EsfResult esf = processing::EsfSolver{}(mask, processing::EsfParams{}, {});

    for (const auto mode : {processing::MeshMode::Extrude, processing::MeshMode::Inflate}) {
        SCOPED_TRACE(processing::toString(mode));
        processing::MeshParams meshParams;
        meshParams.mode = mode;
        meshParams.thickness = 8.0;
        meshParams.smooth = 0;           // smoothing may move the outline by a fraction of a step
        meshParams.targetTriangles = 0;  // full resolution: the outline follows the pixels
        processing::MeshInputs inputs{mask, &esf.field, &phantom.image, spacing};
        const processing::TriangleMesh mesh = processing::MeshBuilder{}(inputs, meshParams);

        test_support::TempDir dir;
        writeMesh(dir.path() / "bones.stl", mesh, MeshFormat::Stl);
        vtkNew<vtkSTLReader> reader;
        reader->SetFileName((dir.path() / "bones.stl").c_str());
        reader->Update();
        vtkPolyData* read = reader->GetOutput();
        ASSERT_GT(read->GetNumberOfCells(), 0);
        EXPECT_EQ(openEdges(read), 0u);

        double b[6];
        read->GetBounds(b);
        const PixelBox box = maskExtent(mask);
        // Pixel i covers [i, i + 1) * spacing (its centre at i + 0.5): the mesh spans the mask's
        // pixel box times the spacing, to a quarter of a pixel.
        const double tolX = spacing.x * 0.25;
        const double tolY = spacing.y * 0.25;
        EXPECT_NEAR(b[0], box.x0 * spacing.x, tolX);
        EXPECT_NEAR(b[1], (box.x1 + 1) * spacing.x, tolX);
        EXPECT_NEAR(b[2], box.y0 * spacing.y, tolY);
        EXPECT_NEAR(b[3], (box.y1 + 1) * spacing.y, tolY);
        EXPECT_NEAR(b[5] - b[4], 8.0, 1e-3);  // the thickness, in mm
    }
}

}  // namespace
}  // namespace xrayprep::mesh_export
