#include "io/ContourCsvWriter.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace xrayprep::io {

namespace {

// "%.3f" without the C locale (which a Qt application may have set to a decimal comma).
void appendFixed3(std::string& out, double v) {
    if (!std::isfinite(v)) throw std::invalid_argument("contour CSV: non-finite coordinate");
    char buffer[64];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed, 3);
    if (ec != std::errc()) throw std::invalid_argument("contour CSV: coordinate out of range");
    out.append(buffer, end);
}

}  // namespace

std::string formatContoursCsv(const std::vector<processing::Contour>& contours,
                              const std::optional<processing::PixelSpacing>& spacing) {
    const bool withMm = spacing && std::isfinite(spacing->x) && std::isfinite(spacing->y) &&
                        spacing->x > 0 && spacing->y > 0;
    std::string out = withMm ? "contour,x,y,x_mm,y_mm\n" : "contour,x,y\n";
    for (std::size_t c = 0; c < contours.size(); ++c) {
        const std::string index = std::to_string(c);
        for (const processing::Point2f& p : contours[c].points) {
            out += index;
            out += ',';
            appendFixed3(out, p.x);
            out += ',';
            appendFixed3(out, p.y);
            if (withMm) {
                out += ',';
                appendFixed3(out, double{p.x} * spacing->x);
                out += ',';
                appendFixed3(out, double{p.y} * spacing->y);
            }
            out += '\n';
        }
    }
    return out;
}

void writeContoursCsv(const std::filesystem::path& destination,
                      const std::vector<processing::Contour>& contours,
                      const std::optional<processing::PixelSpacing>& spacing,
                      const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, formatContoursCsv(contours, spacing), protectedPaths);
}

}  // namespace xrayprep::io
