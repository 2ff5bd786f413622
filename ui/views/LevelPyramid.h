#pragma once

#include <QSize>
#include <memory>
#include <vector>

#include "processing/core/Image.h"

namespace xrayprep::ui {

// The raw (unwindowed) half-size levels of one image or ESF field, as ImageLayers draws them:
// levels[k] is level k + 1, the source box-averaged by 2^(k+1). The source is held so that
// the levels can be matched with it (and its address not reused while they are kept).
struct LevelPyramid {
    std::shared_ptr<const processing::Image> image;
    std::shared_ptr<const processing::FloatImage> field;
    std::vector<processing::Image> imageLevels;
    std::vector<processing::FloatImage> fieldLevels;

    [[nodiscard]] const void* source() const {
        return image ? static_cast<const void*>(image.get()) : field.get();
    }
};

// Levels drawn for an image of `size`: halving until both sides are at most 256 pixels.
[[nodiscard]] int pyramidLevelCount(QSize size);
// Whether the levels of an image of `size` are worth making on a worker thread: above about
// a megapixel they take 10-35 ms, too much for the GUI thread beside everything else it does
// when a stage is shown (SPEC §7: never blocked for more than 50 ms).
[[nodiscard]] bool buildsLevelsInBackground(QSize size);
// Every level of the image (or the field), on the calling thread. Shared, never copied: a copy
// of a reference-size pyramid on the GUI thread took 15-25 ms (mostly first touches of fresh
// memory).
[[nodiscard]] std::shared_ptr<const LevelPyramid> buildPyramid(
    std::shared_ptr<const processing::Image> image,
    std::shared_ptr<const processing::FloatImage> field);

}  // namespace xrayprep::ui
