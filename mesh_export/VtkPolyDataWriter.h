#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/contour/ActiveContour.h"
#include "processing/core/ImageMetadata.h"
#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::mesh_export {

// Contours as VTK XML PolyData (.vtp): one closed polyline per contour (its first point
// repeated at the end, as VTK represents a closed line), points at z = 0 in mm (x * spacing.x,
// y * spacing.y: the origin is the centre of pixel (0, 0)), or in pixels when the spacing is
// unknown. A cell array "contour" gives each line's index.
[[nodiscard]] std::vector<std::uint8_t> encodeContoursVtp(
    const std::vector<processing::Contour>& contours,
    const std::optional<processing::PixelSpacing>& spacing);

void writeContoursVtp(const std::filesystem::path& destination,
                      const std::vector<processing::Contour>& contours,
                      const std::optional<processing::PixelSpacing>& spacing,
                      const io::ProtectedPaths& protectedPaths = {});

struct MeshVtpOptions {
    bool normals = true;  // point data "Normals" (area-weighted vertex normals)
};

// A triangle mesh as VTK XML PolyData: its vertices as points, its triangles as polys, the
// per-vertex scalars (when present) as point data named mesh.scalarName ("scalars" when
// empty) and set as the active scalars.
[[nodiscard]] std::vector<std::uint8_t> encodeMeshVtp(const processing::TriangleMesh& mesh,
                                                      const MeshVtpOptions& options = {});

void writeMeshVtp(const std::filesystem::path& destination, const processing::TriangleMesh& mesh,
                  const MeshVtpOptions& options = {},
                  const io::ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::mesh_export
