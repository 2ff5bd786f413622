#include "ui/preview/MeshPolyData.h"

#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkLookupTable.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>

#include <algorithm>
#include <cmath>

#include "ui/views/ColorMap.h"

namespace xrayprep::ui {

namespace {

// Point normals without splitting at sharp edges (smooth shading). The builder's meshes are
// consistently oriented already, so the filter need not reorder triangles.
vtkSmartPointer<vtkPolyData> withNormals(vtkPolyData* input) {
    auto normals = vtkSmartPointer<vtkPolyDataNormals>::New();
    normals->SetInputData(input);
    normals->ComputePointNormalsOn();
    normals->ComputeCellNormalsOff();
    normals->SplittingOff();
    normals->ConsistencyOff();
    normals->AutoOrientNormalsOff();
    normals->Update();
    vtkSmartPointer<vtkPolyData> out = normals->GetOutput();
    return out;
}

vtkSmartPointer<vtkCellArray> trianglesOf(const std::vector<std::array<vtkIdType, 3>>& tris) {
    // Offsets/connectivity arrays: one allocation instead of one InsertNextCell per triangle.
    auto offsets = vtkSmartPointer<vtkIdTypeArray>::New();
    auto connectivity = vtkSmartPointer<vtkIdTypeArray>::New();
    offsets->SetNumberOfValues(static_cast<vtkIdType>(tris.size() + 1));
    connectivity->SetNumberOfValues(static_cast<vtkIdType>(tris.size() * 3));
    for (std::size_t t = 0; t < tris.size(); ++t) {
        const auto i = static_cast<vtkIdType>(t);
        offsets->SetValue(i, 3 * i);
        for (int k = 0; k < 3; ++k) connectivity->SetValue(3 * i + k, tris[t][k]);
    }
    offsets->SetValue(static_cast<vtkIdType>(tris.size()), static_cast<vtkIdType>(3 * tris.size()));
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    cells->SetData(offsets, connectivity);
    return cells;
}

}  // namespace

vtkSmartPointer<vtkPolyData> meshToPolyData(const processing::TriangleMesh& mesh) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetDataTypeToFloat();
    points->SetNumberOfPoints(static_cast<vtkIdType>(mesh.vertices.size()));
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const auto& v = mesh.vertices[i];
        points->SetPoint(static_cast<vtkIdType>(i), v.x, v.y, v.z);
    }
    std::vector<std::array<vtkIdType, 3>> tris(mesh.triangles.size());
    for (std::size_t t = 0; t < tris.size(); ++t) {
        for (int k = 0; k < 3; ++k) tris[t][k] = static_cast<vtkIdType>(mesh.triangles[t][k]);
    }
    auto poly = vtkSmartPointer<vtkPolyData>::New();
    poly->SetPoints(points);
    poly->SetPolys(trianglesOf(tris));
    if (!mesh.scalars.empty() && mesh.scalars.size() == mesh.vertices.size()) {
        auto scalars = vtkSmartPointer<vtkFloatArray>::New();
        scalars->SetName(mesh.scalarName.empty() ? "scalars" : mesh.scalarName.c_str());
        scalars->SetNumberOfValues(static_cast<vtkIdType>(mesh.scalars.size()));
        for (std::size_t i = 0; i < mesh.scalars.size(); ++i) {
            scalars->SetValue(static_cast<vtkIdType>(i), mesh.scalars[i]);
        }
        poly->GetPointData()->SetScalars(scalars);
    }
    return withNormals(poly);
}

vtkSmartPointer<vtkPolyData> esfHeightField(const processing::FloatImage& field,
                                            const std::optional<processing::PixelSpacing>& spacing,
                                            double height, int maxSamples) {
    auto poly = vtkSmartPointer<vtkPolyData>::New();
    if (field.empty() || maxSamples < 2) return poly;
    const int stride =
        std::max(1, (std::max(field.width(), field.height()) + maxSamples - 2) / (maxSamples - 1));
    const int nx = (field.width() - 1) / stride + 1;
    const int ny = (field.height() - 1) / stride + 1;
    const double sx = spacing ? spacing->x : 1.0;
    const double sy = spacing ? spacing->y : 1.0;

    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetDataTypeToFloat();
    points->SetNumberOfPoints(static_cast<vtkIdType>(nx) * ny);
    auto values = vtkSmartPointer<vtkFloatArray>::New();
    values->SetName("esf");
    values->SetNumberOfValues(static_cast<vtkIdType>(nx) * ny);
    for (int j = 0; j < ny; ++j) {
        const int y = j * stride;
        for (int i = 0; i < nx; ++i) {
            const int x = i * stride;
            const float v = field.at(x, y);
            const auto id = static_cast<vtkIdType>(j) * nx + i;
            points->SetPoint(id, (x + 0.5) * sx, (y + 0.5) * sy, -static_cast<double>(v) * height);
            values->SetValue(id, v);
        }
    }
    std::vector<std::array<vtkIdType, 3>> tris;
    tris.reserve(static_cast<std::size_t>(nx - 1) * static_cast<std::size_t>(ny - 1) * 2);
    for (int j = 0; j + 1 < ny; ++j) {
        for (int i = 0; i + 1 < nx; ++i) {
            const vtkIdType a = static_cast<vtkIdType>(j) * nx + i;
            const vtkIdType b = a + 1;
            const vtkIdType c = a + nx;
            const vtkIdType d = c + 1;
            tris.push_back({a, c, b});
            tris.push_back({b, c, d});
        }
    }
    poly->SetPoints(points);
    poly->SetPolys(trianglesOf(tris));
    poly->GetPointData()->SetScalars(values);
    return withNormals(poly);
}

vtkSmartPointer<vtkLookupTable> greyLookupTable(double low, double high) {
    auto table = vtkSmartPointer<vtkLookupTable>::New();
    table->SetNumberOfTableValues(256);
    table->SetRange(low, high < low ? low : high);
    table->Build();  // before the values: a later Build() could replace them
    // Not pure black at the low end: dark bone edges still show their shading.
    for (int i = 0; i < 256; ++i) {
        const double g = 0.15 + 0.85 * i / 255.0;
        table->SetTableValue(i, g, g, g, 1.0);
    }
    return table;
}

vtkSmartPointer<vtkLookupTable> viridisLookupTable(double low, double high) {
    auto table = vtkSmartPointer<vtkLookupTable>::New();
    table->SetNumberOfTableValues(256);
    table->SetRange(low, high < low ? low : high);
    table->Build();
    const auto& rgb = viridisTable();
    for (int i = 0; i < 256; ++i) {
        const std::uint32_t c = rgb[static_cast<std::size_t>(i)];
        table->SetTableValue(i, ((c >> 16) & 0xFF) / 255.0, ((c >> 8) & 0xFF) / 255.0,
                             (c & 0xFF) / 255.0, 1.0);
    }
    return table;
}

}  // namespace xrayprep::ui
