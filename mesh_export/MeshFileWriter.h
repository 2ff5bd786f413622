#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::mesh_export {

// Triangle-mesh file formats, coordinates as the mesh holds them (mm, or pixels: mesh.unit).
enum class MeshFormat {
    Stl,  // binary STL: facet normals, no shared vertices, no scalars
    Obj,  // Wavefront OBJ text: v, vn (when normals), f with 1-based indices
    Ply,  // binary little-endian PLY: x y z [nx ny nz] [scalar], faces as uchar-counted int lists
    Vtp,  // VTK XML PolyData (see VtkPolyDataWriter.h)
};

// From a file name's extension (.stl .obj .ply .vtp, any case); nullopt otherwise.
[[nodiscard]] std::optional<MeshFormat> meshFormatFromPath(const std::filesystem::path& path);
[[nodiscard]] const char* toString(MeshFormat format);

struct MeshWriteOptions {
    bool normals = true;  // OBJ vn, PLY nx ny nz, VTP Normals (STL always has facet normals)
};

[[nodiscard]] std::vector<std::uint8_t> encodeStl(const processing::TriangleMesh& mesh);
[[nodiscard]] std::vector<std::uint8_t> encodeObj(const processing::TriangleMesh& mesh,
                                                  const MeshWriteOptions& options = {});
[[nodiscard]] std::vector<std::uint8_t> encodePly(const processing::TriangleMesh& mesh,
                                                  const MeshWriteOptions& options = {});
[[nodiscard]] std::vector<std::uint8_t> encodeMesh(const processing::TriangleMesh& mesh,
                                                   MeshFormat format,
                                                   const MeshWriteOptions& options = {});

// Atomic; refuses protected paths. Throws std::invalid_argument for a malformed mesh.
void writeMesh(const std::filesystem::path& destination, const processing::TriangleMesh& mesh,
               MeshFormat format, const MeshWriteOptions& options = {},
               const io::ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::mesh_export
