#include "io/VtkImageWriter.h"

#include <cmath>
#include <stdexcept>

#include "io/VtkXmlDocument.h"

namespace xrayprep::io {

bool knownSpacing(const std::optional<processing::PixelSpacing>& spacing) {
    return spacing && std::isfinite(spacing->x) && std::isfinite(spacing->y) && spacing->x > 0 &&
           spacing->y > 0;
}

std::vector<std::uint8_t> encodeVtkImage(const processing::FloatImage& field,
                                         const std::optional<processing::PixelSpacing>& spacing,
                                         const std::string& name) {
    if (field.empty()) throw std::invalid_argument("VTK image: cannot write an empty field");
    const bool mm = knownSpacing(spacing);
    const std::string sx = mm ? VtkXmlDocument::number(spacing->x) : "1";
    const std::string sy = mm ? VtkXmlDocument::number(spacing->y) : "1";
    const std::string extent = "0 " + std::to_string(field.width() - 1) + " 0 " +
                               std::to_string(field.height() - 1) + " 0 0";
    VtkXmlDocument doc("ImageData");
    doc.line("  <ImageData WholeExtent=\"" + extent + "\" Origin=\"0 0 0\" Spacing=\"" + sx + " " +
             sy + " 1\">");
    doc.line("    <Piece Extent=\"" + extent + "\">");
    doc.line("      <PointData Scalars=\"" + VtkXmlDocument::escape(name) + "\">");
    const std::span<const float> values = field.pixels();
    doc.line("        " +
             doc.dataArray("Float32", name, 1,
                           std::span(reinterpret_cast<const std::uint8_t*>(values.data()),
                                     values.size_bytes())));
    doc.line("      </PointData>");
    doc.line("      <CellData>");
    doc.line("      </CellData>");
    doc.line("    </Piece>");
    return doc.finish();
}

void writeVtkImage(const std::filesystem::path& destination, const processing::FloatImage& field,
                   const std::optional<processing::PixelSpacing>& spacing, const std::string& name,
                   const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodeVtkImage(field, spacing, name), protectedPaths);
}

}  // namespace xrayprep::io
