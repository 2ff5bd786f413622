#include "ui/views/LevelPyramid.h"

#include <cstdint>

#include "ui/views/ImageLayers.h"

namespace xrayprep::ui {

int pyramidLevelCount(QSize size) {
    int count = 1;
    for (QSize s = size; s.width() > 256 || s.height() > 256; ++count) {
        s = QSize((s.width() + 1) / 2, (s.height() + 1) / 2);
    }
    return count;
}

bool buildsLevelsInBackground(QSize size) {
    constexpr std::int64_t kBackgroundPixels = std::int64_t{1} << 20;
    return static_cast<std::int64_t>(size.width()) * size.height() > kBackgroundPixels;
}

std::shared_ptr<const LevelPyramid> buildPyramid(
    std::shared_ptr<const processing::Image> image,
    std::shared_ptr<const processing::FloatImage> field) {
    auto pyramid = std::make_shared<LevelPyramid>();
    LevelPyramid& out = *pyramid;
    out.image = std::move(image);
    out.field = std::move(field);
    if (out.image) {
        const int count = pyramidLevelCount(QSize(out.image->width(), out.image->height()));
        for (int level = 1; level < count; ++level) {
            out.imageLevels.push_back(
                halveImage(out.imageLevels.empty() ? *out.image : out.imageLevels.back()));
        }
    } else if (out.field) {
        const int count = pyramidLevelCount(QSize(out.field->width(), out.field->height()));
        for (int level = 1; level < count; ++level) {
            out.fieldLevels.push_back(
                halveField(out.fieldLevels.empty() ? *out.field : out.fieldLevels.back()));
        }
    }
    return pyramid;
}

}  // namespace xrayprep::ui
