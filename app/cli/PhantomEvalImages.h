#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "io/RgbImage.h"
#include "processing/core/Raster.h"
#include "processing/phantom/FootPhantom.h"

namespace xrayprep::app {

// Pictures of phantoms for a person to look at.
class PhantomEvalImages {
  public:
    // The worst case of a row, in `dir`: NAME-image.png (stored values, 16-bit), NAME-truth.png,
    // NAME-mask.png, and NAME-overlay.png: the image twice, left with the truth outline (green)
    // and the objects (blue), right with the result's outline (red) and the object pixels left
    // in the final image (yellow).
    static void writeWorstCase(const std::filesystem::path& dir, const std::string& name,
                               const processing::Phantom& phantom, const processing::Mask& mask,
                               const processing::Image& final);

    // One tile per phantom (height `tileHeight`), linear grey from 0 to full scale (so an
    // under-exposed film looks dark), the label above, optionally the truth outline (green) and
    // the objects' outlines (blue).
    [[nodiscard]] static io::RgbImage contactSheet(
        const std::vector<std::pair<std::string, processing::Phantom>>& phantoms, int tileHeight,
        bool outlines);

    // A file name from a row name ("mix:wb-standing" -> "mix-wb-standing").
    [[nodiscard]] static std::string fileStem(const std::string& name);
};

}  // namespace xrayprep::app
