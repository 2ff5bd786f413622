#pragma once

#include <QString>
#include <memory>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/phantom/FootPhantom.h"

namespace xrayprep::ui {

// An input image ready for the model, or why it could not be loaded.
struct LoadedInput {
    std::shared_ptr<const processing::Image> image;
    std::shared_ptr<const processing::ImageMetadata> metadata;
    QString label;       // file name without folder, or "Sample (planar)"
    QString path;        // empty for the sample
    QString error;       // non-empty: loading failed with this message (names the file)
    int generation = 0;  // which request of the model this answers
};

// These run on a worker and never throw: a failure comes back in `error`.
[[nodiscard]] LoadedInput loadDicomInput(const QString& path, int frame);
[[nodiscard]] LoadedInput makeSampleInput(processing::PhantomView view, int width, int height);

[[nodiscard]] QString sampleLabel(processing::PhantomView view);  // "Sample (planar)"

}  // namespace xrayprep::ui
