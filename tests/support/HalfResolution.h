#pragma once

// The half-resolution check of issue 11 (point 2): the same radiograph at half the resolution
// must give the same mask up to resampling. The image is reduced by 2 x 2 block means (what a
// detector with twice the pixel pitch records), the full-resolution mask by 2 x 2 majority, and
// the two masks are compared with Dice.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/support/MaskMetrics.h"

namespace xrayprep::test_support {

// The image without its last row and column when those are odd, so that it splits into whole
// 2 x 2 blocks.
inline processing::Image evenCrop(const processing::Image& image) {
    const int w = image.width() & ~1, h = image.height() & ~1;
    if (w == image.width() && h == image.height()) return image;
    processing::Image out(w, h, image.bitsStored());
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) out.at(x, y) = image.at(x, y);
    }
    return out;
}

// Each 2 x 2 block's mean, rounded to the nearest value (a last odd row or column is dropped).
inline processing::Image halveByBlockMeans(const processing::Image& image) {
    processing::Image out(image.width() / 2, image.height() / 2, image.bitsStored());
    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            const std::uint32_t sum = image.at(2 * x, 2 * y) + image.at(2 * x + 1, 2 * y) +
                                      image.at(2 * x, 2 * y + 1) + image.at(2 * x + 1, 2 * y + 1);
            out.at(x, y) = static_cast<std::uint16_t>((sum + 2) / 4);
        }
    }
    return out;
}

// Each 2 x 2 block's majority (set when 3 or 4 of its pixels are). A tie (2 of 4: the outline
// crosses the block's centre) goes to the block's checkerboard colour, so that neither side
// of an outline wins on average and the reduced mask keeps the area of the original.
inline processing::Mask halveByMajority(const processing::Mask& mask) {
    processing::Mask out(mask.width() / 2, mask.height() / 2, 0);
    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            const int set = (mask.at(2 * x, 2 * y) != 0) + (mask.at(2 * x + 1, 2 * y) != 0) +
                            (mask.at(2 * x, 2 * y + 1) != 0) + (mask.at(2 * x + 1, 2 * y + 1) != 0);
            out.at(x, y) = set > 2 || (set == 2 && (x + y) % 2 == 0) ? 1 : 0;
        }
    }
    return out;
}

// The sizes one run used, as the report states them.
struct RunSizes {
    int width = 0;
    int height = 0;
    double mmPerPixel = 0.0;
    int medianSize = 0;
    int workingFactor = 0;
    double workingMm = 0.0;
    std::uint64_t maskPixels = 0;
};

// The full-resolution run, the half-resolution run and the Dice of their masks.
struct HalfResolutionComparison {
    RunSizes full;
    RunSizes half;
    double dice = 0.0;             // halveByMajority(full mask) against the half mask
    processing::Mask fullReduced;  // halveByMajority(full mask)
    processing::Mask halfMask;     // the half-resolution run's mask
    std::string describe(const std::string& name) const {
        char buf[400];
        std::snprintf(buf, sizeof buf,
                      "half-resolution %s: Dice %.4f | full %dx%d %.4f mm/px median %d px grid "
                      "x%d (%.3f mm) mask %llu px | half %dx%d %.4f mm/px median %d px grid x%d "
                      "(%.3f mm) mask %llu px",
                      name.c_str(), dice, full.width, full.height, full.mmPerPixel, full.medianSize,
                      full.workingFactor, full.workingMm,
                      static_cast<unsigned long long>(full.maskPixels), half.width, half.height,
                      half.mmPerPixel, half.medianSize, half.workingFactor, half.workingMm,
                      static_cast<unsigned long long>(half.maskPixels));
        return buf;
    }
};

inline RunSizes sizesOf(const processing::Image& image, const processing::PipelineResult& r) {
    RunSizes s;
    s.width = image.width();
    s.height = image.height();
    s.mmPerPixel = r.scale.mmPerPixel;
    s.medianSize = r.medianSize;
    s.workingFactor = r.contour.workingFactor;
    s.workingMm = r.contour.workingMm;
    for (auto v : r.contour.mask.pixels()) s.maskPixels += v != 0;
    return s;
}

// Runs the pipeline (default parameters but for `params`, OpenMP on every core) on the image
// cropped to even sides, with `spacing`, and on its 2 x 2 block means with the spacing doubled
// (none stays none: the assumed field then makes the pixel twice as large).
inline HalfResolutionComparison compareAtHalfResolution(
    const processing::Image& image, const std::optional<processing::PixelSpacing>& spacing,
    const processing::PipelineParameters& params = {}) {
    const processing::Image full = evenCrop(image);
    const processing::Image half = halveByBlockMeans(full);
    std::optional<processing::PixelSpacing> halfSpacing = spacing;
    if (halfSpacing) {
        halfSpacing->x *= 2.0;
        halfSpacing->y *= 2.0;
    }
    processing::Pipeline pipeline(
        std::make_shared<processing::CpuBackend>(processing::BackendKind::OpenMP, 0));
    HalfResolutionComparison c;
    pipeline.setInput(full, spacing);
    const processing::PipelineResult& fullResult = pipeline.run(params);
    c.full = sizesOf(full, fullResult);
    c.fullReduced = halveByMajority(fullResult.contour.mask);
    pipeline.setInput(half, halfSpacing);
    const processing::PipelineResult& halfResult = pipeline.run(params);
    c.half = sizesOf(half, halfResult);
    c.halfMask = halfResult.contour.mask;
    c.dice = dice(c.fullReduced, c.halfMask);
    return c;
}

// The median window the defaults give for a pixel size, worked out from the rule (2 mm, the
// nearest odd number of pixels, 3..101) rather than taken from the code under test.
inline int expectedMedianWindow(double mmPerPixel, double sizeMm = 2.0) {
    const double px = sizeMm / mmPerPixel;
    int best = 3;
    for (int k = 3; k <= 101; k += 2) {
        if (std::abs(k - px) < std::abs(best - px)) best = k;
    }
    return best;
}

// The working grid's reduction factor for a pixel size: the whole number of pixels nearest to
// 0.5 mm, at least 1.
inline int expectedWorkingFactor(double mmPerPixel, double workingMm = 0.5) {
    const double px = workingMm / mmPerPixel;
    return px < 1.5 ? 1 : static_cast<int>(std::floor(px + 0.5));
}

}  // namespace xrayprep::test_support
