#pragma once

#include <QImage>
#include <QSize>

#include "ui/data/DisplayedRun.h"
#include "ui/data/ViewStage.h"

namespace xrayprep::ui {

// A stage's thumbnail for the StageStrip (null when the stage is not computed). Stages in
// stored values share the DICOM window, else the original's automatic one; Sobel gets its
// own automatic window; Contours are drawn over the median; the ESF is coloured (viridis).
[[nodiscard]] QImage thumbnailFor(const DisplayedRun& run, ViewStage stage,
                                  QSize maxSize = QSize(136, 104));

}  // namespace xrayprep::ui
