#include "exports/GalleryThumbnails.h"

#include <algorithm>
#include <stdexcept>

#include "io/PngWriter.h"
#include "io/SheetCanvas.h"

namespace xrayprep::exports {
namespace {

constexpr io::Rgb8 kOutline{255, 214, 0};

std::pair<int, int> thumbnailSize(int width, int height, int longSide) {
    if (width <= 0 || height <= 0) throw std::invalid_argument("gallery thumbnail: empty image");
    if (width >= height) {
        return {longSide,
                std::max(1, static_cast<int>(static_cast<long long>(longSide) * height / width))};
    }
    return {std::max(1, static_cast<int>(static_cast<long long>(longSide) * width / height)),
            longSide};
}

io::PngOptions thumbnailPng() {
    io::PngOptions png;
    png.compressionLevel = 6;
    png.filter = io::PngFilter::Sub;
    png.text = {{"Software", "xrayprep"}};
    return png;
}

}  // namespace

io::RgbImage renderGrayThumbnail(const processing::Image& image, int longSide) {
    const auto [w, h] = thumbnailSize(image.width(), image.height(), longSide);
    return io::grayTile(io::downscale(image, w, h));
}

io::RgbImage renderMaskOutlineThumbnail(const processing::Image& original,
                                        const processing::Mask& mask, int longSide) {
    io::RgbImage picture = renderGrayThumbnail(original, longSide);
    if (mask.empty()) return picture;
    if (!mask.sameSize(original)) {
        throw std::invalid_argument("gallery thumbnail: the mask is not the image's size");
    }
    const processing::FloatImage cover = io::downscale(mask, picture.width(), picture.height());
    const int w = picture.width(), h = picture.height();
    auto inside = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < w && y < h && cover.at(x, y) > 0.0F;
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool in = inside(x, y);
            // Inside pixels next to outside ones (the border counts as outside), and outside
            // pixels next to inside ones: a line two pixels wide on the edge.
            const bool edge =
                in ? !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) ||
                         !inside(x, y + 1)
                   : inside(x - 1, y) || inside(x + 1, y) || inside(x, y - 1) || inside(x, y + 1);
            if (edge) picture.at(x, y) = kOutline;
        }
    }
    return picture;
}

std::vector<std::string> writeGalleryThumbnails(const std::filesystem::path& folder,
                                                const processing::Image& original,
                                                const processing::Mask& mask,
                                                const processing::Image& final,
                                                const io::ProtectedPaths& protectedPaths) {
    const io::PngOptions png = thumbnailPng();
    io::writePngRgb8(folder / kGalleryOriginalFile,
                     renderMaskOutlineThumbnail(original, mask, kGalleryThumbnailSide), png,
                     protectedPaths);
    io::writePngRgb8(folder / kGalleryFinalFile, renderGrayThumbnail(final, kGalleryThumbnailSide),
                     png, protectedPaths);
    return {kGalleryOriginalFile, kGalleryFinalFile};
}

}  // namespace xrayprep::exports
