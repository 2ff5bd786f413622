#include "mesh_export/VtkPolyDataWriter.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "io/VtkImageWriter.h"
#include "io/VtkXmlDocument.h"
#include "mesh_export/MeshNormals.h"

namespace xrayprep::mesh_export {

namespace {

// Cell arrays: connectivity then offsets (the end of each cell), Int64 as VTK 9 writes them.
void cellArray(io::VtkXmlDocument& doc, const char* element, const std::vector<std::int64_t>& ids,
               const std::vector<std::int64_t>& ends) {
    doc.line(std::string("      <") + element + ">");
    doc.line("        " + doc.dataArray("Int64", "connectivity", 1, ids));
    doc.line("        " + doc.dataArray("Int64", "offsets", 1, ends));
    doc.line(std::string("      </") + element + ">");
}

std::string pieceLine(std::size_t points, std::size_t lines, std::size_t polys) {
    return "    <Piece NumberOfPoints=\"" + std::to_string(points) +
           "\" NumberOfVerts=\"0\" NumberOfLines=\"" + std::to_string(lines) +
           "\" NumberOfStrips=\"0\" NumberOfPolys=\"" + std::to_string(polys) + "\">";
}

void pointsElement(io::VtkXmlDocument& doc, const std::vector<float>& xyz) {
    doc.line("      <Points>");
    doc.line("        " + doc.dataArray("Float32", "Points", 3, xyz));
    doc.line("      </Points>");
}

}  // namespace

std::vector<std::uint8_t> encodeContoursVtp(
    const std::vector<processing::Contour>& contours,
    const std::optional<processing::PixelSpacing>& spacing) {
    const bool mm = io::knownSpacing(spacing);
    const double sx = mm ? spacing->x : 1.0;
    const double sy = mm ? spacing->y : 1.0;
    std::vector<float> xyz;
    std::vector<std::int64_t> ids, ends;
    std::vector<std::int32_t> index;
    std::int64_t next = 0;
    for (std::size_t c = 0; c < contours.size(); ++c) {
        const auto& points = contours[c].points;
        if (points.empty()) continue;
        const std::int64_t first = next;
        for (const processing::Point2f& p : points) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y))
                throw std::invalid_argument("contour VTP: non-finite coordinate");
            xyz.insert(xyz.end(),
                       {static_cast<float>(p.x * sx), static_cast<float>(p.y * sy), 0.0F});
            ids.push_back(next++);
        }
        ids.push_back(first);  // closes the line
        ends.push_back(static_cast<std::int64_t>(ids.size()));
        index.push_back(static_cast<std::int32_t>(c));
    }
    io::VtkXmlDocument doc("PolyData");
    doc.line("  <PolyData>");
    doc.line(pieceLine(xyz.size() / 3, ends.size(), 0));
    doc.line("      <CellData Scalars=\"contour\">");
    doc.line("        " + doc.dataArray("Int32", "contour", 1, index));
    doc.line("      </CellData>");
    pointsElement(doc, xyz);
    cellArray(doc, "Lines", ids, ends);
    doc.line("    </Piece>");
    return doc.finish();
}

void writeContoursVtp(const std::filesystem::path& destination,
                      const std::vector<processing::Contour>& contours,
                      const std::optional<processing::PixelSpacing>& spacing,
                      const io::ProtectedPaths& protectedPaths) {
    io::refuseProtectedDestination(destination, protectedPaths);
    io::writeFileAtomically(destination, encodeContoursVtp(contours, spacing), protectedPaths);
}

std::vector<std::uint8_t> encodeMeshVtp(const processing::TriangleMesh& mesh,
                                        const MeshVtpOptions& options) {
    validateMesh(mesh);
    std::vector<float> xyz;
    xyz.reserve(mesh.vertices.size() * 3);
    for (const auto& p : mesh.vertices) xyz.insert(xyz.end(), {p.x, p.y, p.z});
    std::vector<std::int64_t> ids, ends;
    ids.reserve(mesh.triangles.size() * 3);
    ends.reserve(mesh.triangles.size());
    for (const auto& t : mesh.triangles) {
        ids.insert(ids.end(), {t[0], t[1], t[2]});
        ends.push_back(static_cast<std::int64_t>(ids.size()));
    }
    const std::string scalarName = mesh.scalarName.empty() ? "scalars" : mesh.scalarName;
    io::VtkXmlDocument doc("PolyData");
    doc.line("  <PolyData>");
    doc.line(pieceLine(mesh.vertices.size(), 0, mesh.triangles.size()));
    std::string pointData = "      <PointData";
    if (!mesh.scalars.empty())
        pointData += " Scalars=\"" + io::VtkXmlDocument::escape(scalarName) + "\"";
    if (options.normals) pointData += " Normals=\"Normals\"";
    doc.line(pointData + ">");
    if (!mesh.scalars.empty())
        doc.line("        " + doc.dataArray("Float32", scalarName, 1, mesh.scalars));
    if (options.normals) {
        std::vector<float> n;
        n.reserve(mesh.vertices.size() * 3);
        for (const auto& v : vertexNormals(mesh)) n.insert(n.end(), {v.x, v.y, v.z});
        doc.line("        " + doc.dataArray("Float32", "Normals", 3, n));
    }
    doc.line("      </PointData>");
    pointsElement(doc, xyz);
    cellArray(doc, "Polys", ids, ends);
    doc.line("    </Piece>");
    return doc.finish();
}

void writeMeshVtp(const std::filesystem::path& destination, const processing::TriangleMesh& mesh,
                  const MeshVtpOptions& options, const io::ProtectedPaths& protectedPaths) {
    io::refuseProtectedDestination(destination, protectedPaths);
    io::writeFileAtomically(destination, encodeMeshVtp(mesh, options), protectedPaths);
}

}  // namespace xrayprep::mesh_export
