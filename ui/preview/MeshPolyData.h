#pragma once

#include <vtkSmartPointer.h>
#include <optional>

#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/mesh/TriangleMesh.h"

class vtkLookupTable;
class vtkPolyData;

namespace xrayprep::ui {

// processing::TriangleMesh -> vtkPolyData with point normals (smooth shading) and the mesh's
// per-vertex scalars as the active point scalars (named after scalarName).
[[nodiscard]] vtkSmartPointer<vtkPolyData> meshToPolyData(const processing::TriangleMesh& mesh);

// The ESF as a height field: a grid of at most maxSamples x maxSamples points over the image
// (in mm, or pixels without spacing), z = -v * height (towards the default camera), normals,
// and v as the point scalars. `height` is the height of v = 1, in the same unit.
[[nodiscard]] vtkSmartPointer<vtkPolyData> esfHeightField(
    const processing::FloatImage& field, const std::optional<processing::PixelSpacing>& spacing,
    double height, int maxSamples = 256);

// Colour tables: grey for X-ray values, viridis for the ESF, over [low, high].
[[nodiscard]] vtkSmartPointer<vtkLookupTable> greyLookupTable(double low, double high);
[[nodiscard]] vtkSmartPointer<vtkLookupTable> viridisLookupTable(double low, double high);

}  // namespace xrayprep::ui
