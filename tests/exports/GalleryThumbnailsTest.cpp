// The review gallery's thumbnails: size, the mask outline's exact pixels, the files.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "exports/GalleryThumbnails.h"
#include "tests/support/TempDir.h"

namespace xrayprep::exports {
namespace {

constexpr io::Rgb8 kYellow{255, 214, 0};

// 640 x 480, a horizontal ramp (so the grey tile is not flat), and a mask on
// [160, 480) x [120, 360): at half size the box [80, 240) x [60, 180).
processing::Image ramp() {
    processing::Image image(640, 480, 12);
    for (int y = 0; y < 480; ++y) {
        for (int x = 0; x < 640; ++x) image.at(x, y) = static_cast<std::uint16_t>(x * 4);
    }
    return image;
}

processing::Mask box() {
    processing::Mask m(640, 480);
    for (int y = 120; y < 360; ++y) {
        for (int x = 160; x < 480; ++x) m.at(x, y) = 1;
    }
    return m;
}

// Width and height from a PNG's IHDR, and its colour type.
struct PngHeader {
    std::uint32_t width = 0, height = 0;
    int colourType = -1;
};
PngHeader readHeader(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    const std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)), {});
    if (b.size() < 26) return {};
    auto be32 = [&](std::size_t i) {
        return std::uint32_t(b[i]) << 24 | std::uint32_t(b[i + 1]) << 16 |
               std::uint32_t(b[i + 2]) << 8 | b[i + 3];
    };
    return {be32(16), be32(20), b[25]};
}

}  // namespace

TEST(GalleryThumbnails, TheLongSideIsTheGivenLength) {
    EXPECT_EQ(renderGrayThumbnail(ramp(), 320).width(), 320);
    EXPECT_EQ(renderGrayThumbnail(ramp(), 320).height(), 240);
    processing::Image portrait(300, 900, 12);
    EXPECT_EQ(renderGrayThumbnail(portrait, 320).width(), 106);
    EXPECT_EQ(renderGrayThumbnail(portrait, 320).height(), 320);
}

TEST(GalleryThumbnails, TheOutlineIsTwoPixelsOnTheMasksEdge) {
    const io::RgbImage t = renderMaskOutlineThumbnail(ramp(), box(), 320);
    const io::RgbImage plain = renderGrayThumbnail(ramp(), 320);
    // Left edge at x = 80 (inside) and 79 (outside), right at 239 and 240; top at y = 60 and
    // 59, bottom at 179 and 180.
    for (const auto& [x, y] : {std::pair{80, 100},
                               {79, 100},
                               {239, 100},
                               {240, 100},
                               {150, 60},
                               {150, 59},
                               {150, 179},
                               {150, 180}}) {
        EXPECT_EQ(t.at(x, y), kYellow) << x << "," << y;
    }
    // Next to the line, and at the corners' diagonal, the picture is unchanged.
    for (const auto& [x, y] : {std::pair{78, 100},
                               {81, 100},
                               {238, 100},
                               {241, 100},
                               {150, 58},
                               {150, 61},
                               {79, 59},
                               {160, 120},
                               {10, 10}}) {
        EXPECT_EQ(t.at(x, y), plain.at(x, y)) << x << "," << y;
        EXPECT_NE(t.at(x, y), kYellow) << x << "," << y;
    }
    // An empty mask draws nothing.
    EXPECT_EQ(renderMaskOutlineThumbnail(ramp(), processing::Mask{}, 320), plain);
    EXPECT_THROW((void)renderMaskOutlineThumbnail(ramp(), processing::Mask(10, 10), 320),
                 std::invalid_argument);
}

TEST(GalleryThumbnails, WritesBothPicturesAsRgbPngs) {
    const test_support::TempDir dir("xrayprep-gallery-thumbs");
    const auto names = writeGalleryThumbnails(dir.path(), ramp(), box(), ramp());
    ASSERT_EQ(names.size(), 2u);
    for (const auto& name : names) {
        const PngHeader h = readHeader(dir / name);
        EXPECT_EQ(h.width, 320u) << name;
        EXPECT_EQ(h.height, 240u) << name;
        EXPECT_EQ(h.colourType, 2) << name;  // truecolour
    }
    EXPECT_EQ(dir.entries(),
              (std::vector<std::string>{"gallery-final.png", "gallery-original.png"}));
}

}  // namespace xrayprep::exports
