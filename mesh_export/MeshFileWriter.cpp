#include "mesh_export/MeshFileWriter.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>
#include <stdexcept>
#include <string>

#include "mesh_export/MeshNormals.h"
#include "mesh_export/VtkPolyDataWriter.h"

namespace xrayprep::mesh_export {

namespace {

// Little-endian byte sinks, whatever the host's order.
void putLe32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 0; shift < 32; shift += 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}
void putFloat(std::vector<std::uint8_t>& out, float f) {
    putLe32(out, std::bit_cast<std::uint32_t>(f));
}
void putPoint(std::vector<std::uint8_t>& out, const processing::Point3f& p) {
    putFloat(out, p.x);
    putFloat(out, p.y);
    putFloat(out, p.z);
}
void putText(std::vector<std::uint8_t>& out, std::string_view text) {
    out.insert(out.end(), text.begin(), text.end());
}

// Shortest round-trip text of a float, locale independent.
void putNumber(std::string& out, float v) {
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    if (ec != std::errc()) throw std::runtime_error("mesh: cannot format a number");
    out.append(buffer, end);
}

// The scalar name as one PLY/OBJ token.
std::string token(std::string name) {
    if (name.empty()) name = "scalars";
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
    }
    return name;
}

}  // namespace

std::optional<MeshFormat> meshFormatFromPath(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".stl") return MeshFormat::Stl;
    if (ext == ".obj") return MeshFormat::Obj;
    if (ext == ".ply") return MeshFormat::Ply;
    if (ext == ".vtp") return MeshFormat::Vtp;
    return std::nullopt;
}

const char* toString(MeshFormat format) {
    switch (format) {
        case MeshFormat::Stl:
            return "stl";
        case MeshFormat::Obj:
            return "obj";
        case MeshFormat::Ply:
            return "ply";
        case MeshFormat::Vtp:
            return "vtp";
    }
    return "?";
}

std::vector<std::uint8_t> encodeStl(const processing::TriangleMesh& mesh) {
    validateMesh(mesh);
    if (mesh.triangles.size() > 0xFFFFFFFFu) throw std::invalid_argument("STL: too many triangles");
    std::vector<std::uint8_t> out;
    out.reserve(84 + mesh.triangles.size() * 50);
    // The 80-byte header must not start with "solid" (readers would take it for ASCII STL).
    std::string header = "xrayprep binary STL, unit " + mesh.unit;
    header.resize(80, ' ');
    putText(out, header);
    putLe32(out, static_cast<std::uint32_t>(mesh.triangles.size()));
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        putPoint(out, faceNormal(mesh, t));
        for (const std::uint32_t v : mesh.triangles[t]) putPoint(out, mesh.vertices[v]);
        out.push_back(0);  // attribute byte count
        out.push_back(0);
    }
    return out;
}

std::vector<std::uint8_t> encodeObj(const processing::TriangleMesh& mesh,
                                    const MeshWriteOptions& options) {
    validateMesh(mesh);
    std::string text = "# xrayprep bone mesh, unit " + mesh.unit + ", " +
                       std::to_string(mesh.vertices.size()) + " vertices, " +
                       std::to_string(mesh.triangles.size()) + " triangles\n";
    if (!mesh.scalars.empty())
        text += "# per-vertex " + token(mesh.scalarName) + " in the .ply and .vtp exports\n";
    auto triple = [&](const char* tag, const processing::Point3f& p) {
        text += tag;
        putNumber(text, p.x);
        text += ' ';
        putNumber(text, p.y);
        text += ' ';
        putNumber(text, p.z);
        text += '\n';
    };
    for (const auto& p : mesh.vertices) triple("v ", p);
    if (options.normals) {
        for (const auto& n : vertexNormals(mesh)) triple("vn ", n);
    }
    for (const auto& t : mesh.triangles) {
        text += 'f';
        for (const std::uint32_t v : t) {
            const std::string i = std::to_string(std::uint64_t{v} + 1);
            text += ' ';
            text += options.normals ? i + "//" + i : i;
        }
        text += '\n';
    }
    return std::vector<std::uint8_t>(text.begin(), text.end());
}

std::vector<std::uint8_t> encodePly(const processing::TriangleMesh& mesh,
                                    const MeshWriteOptions& options) {
    validateMesh(mesh);
    const bool scalars = !mesh.scalars.empty();
    std::string header = "ply\nformat binary_little_endian 1.0\ncomment xrayprep bone mesh, unit " +
                         mesh.unit + "\nelement vertex " + std::to_string(mesh.vertices.size()) +
                         "\nproperty float x\nproperty float y\nproperty float z\n";
    if (options.normals) header += "property float nx\nproperty float ny\nproperty float nz\n";
    if (scalars) header += "property float " + token(mesh.scalarName) + "\n";
    header += "element face " + std::to_string(mesh.triangles.size()) +
              "\nproperty list uchar int vertex_indices\nend_header\n";
    std::vector<std::uint8_t> out;
    out.reserve(header.size() + mesh.vertices.size() * 28 + mesh.triangles.size() * 13);
    putText(out, header);
    const std::vector<processing::Point3f> normals =
        options.normals ? vertexNormals(mesh) : std::vector<processing::Point3f>{};
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        putPoint(out, mesh.vertices[v]);
        if (options.normals) putPoint(out, normals[v]);
        if (scalars) putFloat(out, mesh.scalars[v]);
    }
    if (mesh.vertices.size() > 0x7FFFFFFFu) throw std::invalid_argument("PLY: too many vertices");
    for (const auto& t : mesh.triangles) {
        out.push_back(3);
        for (const std::uint32_t v : t) putLe32(out, v);
    }
    return out;
}

std::vector<std::uint8_t> encodeMesh(const processing::TriangleMesh& mesh, MeshFormat format,
                                     const MeshWriteOptions& options) {
    switch (format) {
        case MeshFormat::Stl:
            return encodeStl(mesh);
        case MeshFormat::Obj:
            return encodeObj(mesh, options);
        case MeshFormat::Ply:
            return encodePly(mesh, options);
        case MeshFormat::Vtp:
            return encodeMeshVtp(mesh, MeshVtpOptions{options.normals});
    }
    throw std::invalid_argument("mesh: unknown format");
}

void writeMesh(const std::filesystem::path& destination, const processing::TriangleMesh& mesh,
               MeshFormat format, const MeshWriteOptions& options,
               const io::ProtectedPaths& protectedPaths) {
    io::refuseProtectedDestination(destination, protectedPaths);
    io::writeFileAtomically(destination, encodeMesh(mesh, format, options), protectedPaths);
}

}  // namespace xrayprep::mesh_export
