// Every export format read back with VTK's own readers: sizes, spacing, origin, values,
// closed meshes (no boundary edges) and bounds.
#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFeatureEdges.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkMetaImageReader.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkPLYReader.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkXMLImageDataReader.h>
#include <vtkXMLPolyDataReader.h>

#include <cmath>

#include "../MeshTestSupport.h"
#include "exports/ContactSheet.h"
#include "io/MetaImageWriter.h"
#include "io/VtkImageWriter.h"
#include "mesh_export/MeshFileWriter.h"
#include "mesh_export/VtkPolyDataWriter.h"
#include "tests/support/TempDir.h"

namespace xrayprep::mesh_export {
namespace {

using test_support::TempDir;
const processing::PixelSpacing kSpacing{0.2, 0.3, "PixelSpacing"};

processing::FloatImage field() {
    processing::FloatImage f(7, 5);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 7; ++x) f.at(x, y) = static_cast<float>(x) * 0.125F - y * 1.5F;
    }
    return f;
}

void expectImage(vtkImageData* image, const processing::FloatImage& f, double sx, double sy) {
    int dims[3];
    image->GetDimensions(dims);
    EXPECT_EQ(dims[0], 7);
    EXPECT_EQ(dims[1], 5);
    EXPECT_EQ(dims[2], 1);
    double spacing[3], origin[3];
    image->GetSpacing(spacing);
    image->GetOrigin(origin);
    EXPECT_DOUBLE_EQ(spacing[0], sx);
    EXPECT_DOUBLE_EQ(spacing[1], sy);
    EXPECT_EQ(origin[0], 0.0);
    EXPECT_EQ(origin[1], 0.0);
    vtkDataArray* values = image->GetPointData()->GetScalars();
    ASSERT_NE(values, nullptr);
    EXPECT_EQ(values->GetDataType(), VTK_FLOAT);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 7; ++x) EXPECT_EQ(values->GetTuple1(x + 7 * y), f.at(x, y));
    }
}

TEST(VtkReadBack, EsfAsVtiAndMha) {
    TempDir dir;
    const auto f = field();
    io::writeVtkImage(dir / "esf.vti", f, kSpacing);
    vtkNew<vtkXMLImageDataReader> vti;
    vti->SetFileName((dir / "esf.vti").c_str());
    vti->Update();
    ASSERT_EQ(vti->GetErrorCode(), 0u);
    expectImage(vti->GetOutput(), f, 0.2, 0.3);
    EXPECT_STREQ(vti->GetOutput()->GetPointData()->GetScalars()->GetName(), "esf");

    io::writeMetaImage(dir / "esf.mha", f, kSpacing);
    vtkNew<vtkMetaImageReader> mha;
    mha->SetFileName((dir / "esf.mha").c_str());
    mha->Update();
    expectImage(mha->GetOutput(), f, 0.2, 0.3);

    io::writeVtkImage(dir / "px.vti", f, std::nullopt);  // unknown spacing: pixels
    vtkNew<vtkXMLImageDataReader> px;
    px->SetFileName((dir / "px.vti").c_str());
    px->Update();
    expectImage(px->GetOutput(), f, 1.0, 1.0);
}

TEST(VtkReadBack, MaskMhaKeepsValuesAndSpacing) {
    TempDir dir;
    processing::Mask mask(7, 5, 0);
    mask.at(3, 2) = 1;
    io::writeMetaImage(dir / "mask.mha", mask, kSpacing);
    vtkNew<vtkMetaImageReader> reader;
    reader->SetFileName((dir / "mask.mha").c_str());
    reader->Update();
    vtkImageData* image = reader->GetOutput();
    EXPECT_DOUBLE_EQ(image->GetSpacing()[1], 0.3);
    EXPECT_EQ(image->GetPointData()->GetScalars()->GetDataType(), VTK_UNSIGNED_CHAR);
    EXPECT_EQ(image->GetScalarComponentAsDouble(3, 2, 0, 0), 1.0);
    EXPECT_EQ(image->GetScalarComponentAsDouble(2, 2, 0, 0), 0.0);
}

TEST(VtkReadBack, ContoursAreClosedPolylinesInMillimetres) {
    TempDir dir;
    processing::Contour square{{{1, 1}, {5, 1}, {5, 4}, {1, 4}}};
    processing::Contour triangle{{{10, 10}, {12, 10}, {11, 12}}};
    writeContoursVtp(dir / "contours.vtp", {square, triangle}, kSpacing);
    vtkNew<vtkXMLPolyDataReader> reader;
    reader->SetFileName((dir / "contours.vtp").c_str());
    reader->Update();
    vtkPolyData* poly = reader->GetOutput();
    ASSERT_EQ(poly->GetNumberOfLines(), 2);
    EXPECT_EQ(poly->GetNumberOfPoints(), 7);
    vtkNew<vtkIdList> ids;
    poly->GetLines()->InitTraversal();
    const std::size_t sizes[2] = {4, 3};
    for (int line = 0; line < 2; ++line) {
        ASSERT_TRUE(poly->GetLines()->GetNextCell(ids));
        ASSERT_EQ(ids->GetNumberOfIds(), static_cast<vtkIdType>(sizes[line] + 1));
        EXPECT_EQ(ids->GetId(0), ids->GetId(ids->GetNumberOfIds() - 1));  // closed
    }
    double p[3];
    poly->GetPoint(1, p);  // (5, 1) px
    EXPECT_NEAR(p[0], 1.0, 1e-6);
    EXPECT_NEAR(p[1], 0.3, 1e-6);
    EXPECT_EQ(p[2], 0.0);
    EXPECT_EQ(poly->GetCellData()->GetArray("contour")->GetTuple1(1), 1.0);
}

// Closed: every edge has exactly two triangles (no boundary, no non-manifold edges).
vtkIdType openEdges(vtkPolyData* poly) {
    vtkNew<vtkFeatureEdges> edges;
    edges->SetInputData(poly);
    edges->BoundaryEdgesOn();
    edges->NonManifoldEdgesOn();
    edges->FeatureEdgesOff();
    edges->ManifoldEdgesOff();
    edges->Update();
    return edges->GetOutput()->GetNumberOfLines();
}

void expectBoxBounds(vtkPolyData* poly) {
    double b[6];
    poly->GetBounds(b);
    const double expected[6] = {10, 12, 20, 23, 30, 34};
    for (int i = 0; i < 6; ++i) EXPECT_NEAR(b[i], expected[i], 1e-6) << i;
}

TEST(VtkReadBack, MeshesInEveryFormatAreClosedWithTheirBoundsAndScalars) {
    TempDir dir;
    const auto mesh = test::box({10, 20, 30}, {2, 3, 4});
    for (const char* name : {"mesh.stl", "mesh.obj", "mesh.ply", "mesh.vtp"}) {
        writeMesh(dir / name, mesh, *meshFormatFromPath(name));
    }
    vtkNew<vtkSTLReader> stl;
    stl->SetFileName((dir / "mesh.stl").c_str());
    stl->Update();
    vtkNew<vtkOBJReader> obj;
    obj->SetFileName((dir / "mesh.obj").c_str());
    obj->Update();
    vtkNew<vtkPLYReader> ply;
    ply->SetFileName((dir / "mesh.ply").c_str());
    ply->Update();
    vtkNew<vtkXMLPolyDataReader> vtp;
    vtp->SetFileName((dir / "mesh.vtp").c_str());
    vtp->Update();
    for (vtkPolyData* poly :
         {stl->GetOutput(), obj->GetOutput(), ply->GetOutput(), vtp->GetOutput()}) {
        EXPECT_EQ(poly->GetNumberOfPolys(), 12);
        EXPECT_EQ(openEdges(poly), 0);
        expectBoxBounds(poly);
    }
    EXPECT_EQ(ply->GetOutput()->GetNumberOfPoints(), 8);
    EXPECT_EQ(vtp->GetOutput()->GetNumberOfPoints(), 8);
    vtkDataArray* scalars = vtp->GetOutput()->GetPointData()->GetScalars();
    ASSERT_NE(scalars, nullptr);
    EXPECT_STREQ(scalars->GetName(), "xray");
    EXPECT_EQ(scalars->GetTuple1(7), 70.0);
    // VTK 9.1's PLY reader reads only the standard properties (the named scalar property is
    // checked byte by byte in MeshFileWriterTest); the normals it does read.
    ASSERT_NE(ply->GetOutput()->GetPointData()->GetNormals(), nullptr);
    EXPECT_GT(ply->GetOutput()->GetPointData()->GetNormals()->GetTuple3(6)[0], 0.0);
    vtkDataArray* normals = vtp->GetOutput()->GetPointData()->GetNormals();
    ASSERT_NE(normals, nullptr);
    double n[3], p[3];
    normals->GetTuple(6, n);  // the (max, max, max) corner
    vtp->GetOutput()->GetPoint(6, p);
    EXPECT_GT(n[0], 0);
    EXPECT_GT(n[1], 0);
    EXPECT_GT(n[2], 0);
    EXPECT_EQ(p[0], 12.0);
}

TEST(VtkReadBack, AnOpenMeshShowsBoundaryEdges) {
    // The closedness check can fail: a box without its top has 4 boundary edges.
    TempDir dir;
    auto mesh = test::box();
    mesh.triangles.erase(mesh.triangles.begin() + 2, mesh.triangles.begin() + 4);
    writeMesh(dir / "open.vtp", mesh, MeshFormat::Vtp);
    vtkNew<vtkXMLPolyDataReader> vtp;
    vtp->SetFileName((dir / "open.vtp").c_str());
    vtp->Update();
    EXPECT_EQ(openEdges(vtp->GetOutput()), 4);
}

TEST(VtkReadBack, ContactSheetIsAnRgbPng) {
    TempDir dir;
    processing::Image original(120, 60, 12, 100);
    processing::PipelineResult result;
    exports::ContactSheetOptions options;
    options.tileWidth = 100;
    exports::writeContactSheet(dir / "sheet.png", original, result, options);
    vtkNew<vtkPNGReader> reader;
    reader->SetFileName((dir / "sheet.png").c_str());
    reader->Update();
    int dims[3];
    reader->GetOutput()->GetDimensions(dims);
    EXPECT_EQ(dims[0], 4 * 108 + 8);
    EXPECT_EQ(reader->GetOutput()->GetNumberOfScalarComponents(), 3);
}

}  // namespace
}  // namespace xrayprep::mesh_export
