#include "exports/ContactSheet.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "io/PngWriter.h"
#include "io/SheetCanvas.h"

namespace xrayprep::exports {

namespace {

using processing::StageId;

constexpr io::Rgb8 kBackground{24, 24, 28};
constexpr io::Rgb8 kLabelBar{48, 48, 56};
constexpr io::Rgb8 kText{235, 235, 235};
constexpr io::Rgb8 kContour{255, 70, 40};
constexpr int kColumns = 4;
constexpr int kGap = 8;

struct Tile {
    std::string name;      // first label line
    std::string detail;    // second label line: parameter and time
    io::RgbImage picture;  // empty: not run
};

std::string timeText(const processing::PipelineResult& r, StageId s) {
    const auto& ms = r.milliseconds[processing::stageIndex(s)];
    if (!ms) return "NOT RUN";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f MS", *ms);
    return buffer;
}

}  // namespace

io::RgbImage renderContactSheet(const processing::Image& original,
                                const processing::PipelineResult& result,
                                const ContactSheetOptions& options) {
    if (original.empty()) throw std::invalid_argument("contact sheet: empty original image");
    if (options.tileWidth < 64 || options.tileWidth > 4096 || options.textScale < 1 ||
        options.textScale > 8) {
        throw std::invalid_argument("contact sheet: tile width 64..4096, text scale 1..8");
    }
    // Each picture fits a tw x tw box, whatever the aspect: a tall image (500 x 1 pixels) made
    // a 480 x 240000 tile and an 8 GB sheet. So the sheet is at most 4 x 2 boxes plus labels.
    const int tw = options.tileWidth;
    const long long w = original.width(), h = original.height();
    const int pw = static_cast<int>(std::max(1LL, h > w ? tw * w / h : tw));  // picture width
    const int th = static_cast<int>(std::max(1LL, h > w ? tw : tw * h / w));  // and height
    const int px = (tw - pw) / 2;  // a narrow picture is centred in its box
    const int scale = options.textScale;
    const int lineHeight = 9 * scale;
    const int labelHeight = 2 * lineHeight + 2 * scale;
    const auto& p = result.parameters;
    auto gray = [&](const processing::Image& image, StageId s) {
        return result.has(s) && image.sameSize(original)
                   ? io::grayTile(io::downscale(image, pw, th))
                   : io::RgbImage();
    };

    std::vector<Tile> tiles;
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%dX%d %d BIT", original.width(), original.height(),
                  original.bitsStored());
    tiles.push_back({"1 ORIGINAL", buffer, io::grayTile(io::downscale(original, pw, th))});
    // The window the run used (sizeMm resolved to pixels), not the parameter: 0 means "from
    // sizeMm".
    const int window = result.medianSize > 0 ? result.medianSize : p.median.size;
    std::snprintf(buffer, sizeof buffer, "%dX%d  ", window, window);
    tiles.push_back({"2 MEDIAN", buffer + timeText(result, StageId::Median),
                     gray(result.median, StageId::Median)});
    std::snprintf(buffer, sizeof buffer, "AT %d  ", static_cast<int>(result.threshold.value));
    tiles.push_back({"3 THRESHOLD", buffer + timeText(result, StageId::Threshold),
                     gray(result.thresholded, StageId::Threshold)});
    tiles.push_back(
        {"4 SOBEL", timeText(result, StageId::Sobel), gray(result.sobel, StageId::Sobel)});

    Tile contours{"5 CONTOURS", "", gray(result.median, StageId::Contour)};
    std::snprintf(buffer, sizeof buffer, "%d CLOSED  ",
                  static_cast<int>(result.contour.contours.size()));
    contours.detail = buffer + timeText(result, StageId::Contour);
    if (!contours.picture.empty()) {
        io::SheetCanvas overlay(pw, th, kBackground);
        overlay.paste(contours.picture, 0, 0);
        const double sx = static_cast<double>(pw) / original.width();
        const double sy = static_cast<double>(th) / original.height();
        for (const auto& c : result.contour.contours) {
            for (std::size_t i = 0; i < c.points.size(); ++i) {
                const auto& a = c.points[i];
                const auto& b = c.points[(i + 1) % c.points.size()];
                // +0.5: pixel centres are at integer positions, tile pixels cover areas.
                overlay.line((a.x + 0.5) * sx - 0.5, (a.y + 0.5) * sy - 0.5, (b.x + 0.5) * sx - 0.5,
                             (b.y + 0.5) * sy - 0.5, kContour);
            }
        }
        contours.picture = overlay.image();
    }
    tiles.push_back(std::move(contours));
    tiles.push_back(
        {"6 FINAL MASKED", timeText(result, StageId::Mask), gray(result.final, StageId::Mask)});
    tiles.push_back({"7 ESF", timeText(result, StageId::Esf),
                     result.has(StageId::Esf) && result.esf.field.sameSize(original)
                         ? io::colourTile(io::downscale(result.esf.field, pw, th))
                         : io::RgbImage()});

    const int rows = 2;
    io::SheetCanvas canvas(kColumns * (tw + kGap) + kGap, rows * (th + labelHeight + kGap) + kGap,
                           kBackground);
    auto origin = [&](int index) {
        return std::pair{kGap + (index % kColumns) * (tw + kGap),
                         kGap + (index / kColumns) * (th + labelHeight + kGap)};
    };
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const auto [x, y] = origin(static_cast<int>(i));
        if (!tiles[i].picture.empty()) {
            canvas.paste(tiles[i].picture, x + px, y);
        } else {
            canvas.text(x + scale * 4, y + th / 2, "NOT RUN", scale, kText);
        }
        canvas.fill(x, y + th, tw, labelHeight, kLabelBar);
        canvas.text(x + scale * 2, y + th + scale * 2, tiles[i].name, scale, kText);
        canvas.text(x + scale * 2, y + th + scale * 2 + lineHeight, tiles[i].detail, scale, kText);
    }

    // Facts tile: one fact per line, cut to the tile's width.
    const auto [fx, fy] = origin(static_cast<int>(tiles.size()));
    std::vector<std::string> facts = {options.title.empty() ? "XRAYPREP" : options.title};
    if (!options.backend.empty()) facts.push_back("BACKEND " + options.backend);
    std::snprintf(buffer, sizeof buffer, "TOTAL %.1f MS", result.totalMilliseconds());
    facts.emplace_back(buffer);
    std::snprintf(buffer, sizeof buffer, "THRESHOLD %s %d",
                  processing::toString(result.threshold.used),
                  static_cast<int>(result.threshold.value));
    facts.emplace_back(buffer);
    std::snprintf(buffer, sizeof buffer, "CONTOUR %s", processing::toString(p.contour.method));
    facts.emplace_back(buffer);
    std::snprintf(buffer, sizeof buffer, "ESF %s RHO %g", processing::toString(p.esf.mode),
                  p.esf.rho);
    facts.emplace_back(buffer);
    const int maxChars = std::max(1, tw / (6 * scale));
    int ty = fy + scale * 2;
    for (std::string fact : facts) {
        if (static_cast<int>(fact.size()) > maxChars)
            fact.resize(static_cast<std::size_t>(maxChars));
        canvas.text(fx + scale * 2, ty, fact, scale, kText);
        ty += lineHeight + scale;
    }
    return canvas.image();
}

void writeContactSheet(const std::filesystem::path& destination, const processing::Image& original,
                       const processing::PipelineResult& result, const ContactSheetOptions& options,
                       const io::ProtectedPaths& protectedPaths) {
    io::refuseProtectedDestination(destination, protectedPaths);
    io::PngOptions png;
    png.compressionLevel = 6;
    png.filter = io::PngFilter::Sub;
    png.text = {{"Software", "xrayprep"}, {"Title", options.title}};
    io::writeFileAtomically(destination,
                            io::encodePngRgb8(renderContactSheet(original, result, options), png),
                            protectedPaths);
}

}  // namespace xrayprep::exports
