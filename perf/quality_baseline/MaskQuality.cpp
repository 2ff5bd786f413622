// A copy of processing/quality/MaskQuality.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/MaskQuality.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "perf/quality_baseline/EdgeContrast.h"
#include "perf/quality_baseline/MaskMeasures.h"
#include "perf/quality_baseline/TexturedGap.h"

namespace xrayprep::processing::baseline {
namespace {

// "96 %", and one decimal below 1 % ("0.4 %") so that a small share does not read as none.
std::string percent(double fraction) {
    char text[32];
    const double p = fraction * 100.0;
    if (p > 0.0 && p < 1.0) {
        std::snprintf(text, sizeof text, "%.1f %%", p);
    } else {
        std::snprintf(text, sizeof text, "%.0f %%", p);
    }
    return text;
}

std::string count(std::int64_t n) { return std::to_string(n); }

double share(std::int64_t part, std::int64_t whole) {
    return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

QualityCheck emptyCheck(const MaskMeasures& m, const QualityParams& p) {
    // Against the anatomy; without one, against the image, so a tiny speck still fails.
    const std::int64_t whole = m.anatomyPixels > 0 ? m.anatomyPixels : m.imagePixels;
    const char* of = m.anatomyPixels > 0 ? "the anatomy" : "the image";
    QualityCheck c{"empty", true, share(m.maskPixels, whole), p.minAreaFraction, ""};
    if (m.maskPixels == 0) {
        c.passed = false;
        c.message = "mask is empty";
    } else if (c.value < c.limit) {
        c.passed = false;
        c.message = "mask is almost empty: " + count(m.maskPixels) + " pixels, " +
                    percent(c.value) + " of " + of;
    } else {
        c.message = "mask has " + count(m.maskPixels) + " pixels";
    }
    return c;
}

QualityCheck wholeAnatomyCheck(const MaskMeasures& m, const QualityParams& p) {
    QualityCheck c{"whole-anatomy", true, share(m.maskInAnatomy, m.anatomyPixels),
                   p.maxAnatomyCoverage, ""};
    if (m.anatomyPixels == 0) {
        c.message = "no anatomy was found to compare with";
    } else if (c.value >= c.limit) {
        c.passed = false;
        c.message = "mask covers " + percent(c.value) + " of the anatomy: soft tissue was kept";
    } else {
        c.message = "mask covers " + percent(c.value) + " of the anatomy";
    }
    return c;
}

QualityCheck borderCheck(const MaskMeasures& m, const QualityParams& p) {
    QualityCheck c{"border", true, m.border.fraction, p.maxBorderRun, ""};
    if (m.border.length == 0) {
        c.message = "mask does not touch the image edges";
    } else if (c.value >= c.limit) {
        c.passed = false;
        c.message = "mask runs along the " + m.border.edge + " edge of the image for " +
                    percent(c.value) + " of its length";
    } else {
        c.message = "mask meets the image edges only briefly (at most " + percent(c.value) +
                    " of the " + m.border.edge + " edge)";
    }
    return c;
}

QualityCheck straightEdgeCheck(const MaskMeasures& m, const QualityParams& p,
                               std::optional<double> contrast) {
    const StraightEdge& e = m.straight;
    QualityCheck c{"straight-edge", true, e.fraction, p.minStraightLength, ""};
    const std::string side = e.vertical ? "height" : "width";
    const std::string where =
        std::string("a straight ") +
        (e.vertical ? "vertical edge at column " : "horizontal edge at row ") +
        std::to_string(e.firstMinor) + " over " + percent(c.value) + " of the image " + side;
    if (c.value >= c.limit && contrast && *contrast >= p.minStraightContrast) {
        c.message = "mask outline has " + where + ", but the image is brighter inside it than " +
                    "outside (by " + percent(*contrast) + " of the anatomy's range): a bone's " +
                    "own straight edge";
    } else if (c.value >= c.limit) {
        c.passed = false;
        c.message = "mask outline has " + where +
                    ", typical of a positioning platform, a collimator band or a cut";
    } else if (e.length == 0) {
        c.message = "no straight edge in the mask outline";
    } else {
        c.message = "no long straight edge (the longest spans " + percent(c.value) +
                    " of the image " + side + ")";
    }
    return c;
}

QualityCheck fractionCheck(const MaskMeasures& m, const QualityParams& p) {
    QualityCheck c{"fraction", true, share(m.maskPixels, m.anatomyPixels), p.minBoneFraction, ""};
    const std::string expected =
        "(expected " + percent(p.minBoneFraction) + " to " + percent(p.maxBoneFraction) + ")";
    // The limit reported is the bound crossed, or the nearer one.
    const double middle = 0.5 * (p.minBoneFraction + p.maxBoneFraction);
    c.limit = c.value < middle ? p.minBoneFraction : p.maxBoneFraction;
    if (m.anatomyPixels == 0) {
        c.passed = false;
        c.message = "no anatomy was found, so the bone's share of it is unknown";
    } else if (c.value < p.minBoneFraction || c.value > p.maxBoneFraction) {
        c.passed = false;
        c.message = "bone is " + percent(c.value) + " of the anatomy " + expected;
    } else {
        c.message = "bone is " + percent(c.value) + " of the anatomy";
    }
    return c;
}

QualityCheck fragmentsCheck(const MaskMeasures& m, const QualityParams& p) {
    const auto pieces = static_cast<std::int64_t>(m.fragmentAreas.size());
    std::int64_t small = 0;
    for (const std::int64_t area : m.fragmentAreas) {
        small += static_cast<double>(area) < p.smallFragment * static_cast<double>(m.maskPixels);
    }
    QualityCheck c{"fragments", true, static_cast<double>(small),
                   static_cast<double>(p.maxSmallFragments), ""};
    if (pieces > p.maxFragments) {
        c.passed = false;
        c.value = static_cast<double>(pieces);
        c.limit = p.maxFragments;
        c.message = "mask is in " + count(pieces) + " pieces (more than " +
                    std::to_string(p.maxFragments) + ")";
    } else if (small > p.maxSmallFragments) {
        c.passed = false;
        c.message = "mask has " + count(small) + " small fragments (more than " +
                    std::to_string(p.maxSmallFragments) + ")";
    } else if (pieces == 0) {
        c.message = "mask has no pieces";
    } else {
        c.message = "mask is in " + count(pieces) + (pieces == 1 ? " piece" : " pieces");
        if (small > 0) c.message += ", " + count(small) + " of them small";
    }
    return c;
}

// The cells the texture is averaged on: 0.9 mm, twice the contour's working grid, so that
// the check costs about 30 ms at the reference size with one thread (100 ms on 0.45 mm cells;
// the same films are flagged).
constexpr double kTextureCellMm = 0.9;

std::string squareMm(double mm2) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f mm²", mm2);
    return text;
}

QualityCheck texturedGapCheck(const TexturedGapMeasure& t, const QualityParams& p) {
    QualityCheck c{"textured-gap", true, t.areaMm2, p.maxTexturedGapMm2, ""};
    if (!t.measured) {
        c.message =
            "no fine texture to tell bone by (the median removed none, the bone is no more "
            "textured than the tissue, or the mask covers the anatomy)";
    } else if (t.areaMm2 > p.maxTexturedGapMm2) {
        c.passed = false;
        c.message =
            squareMm(t.areaMm2) + " of the anatomy has the fine texture of bone but " +
            "is left out of the mask (" + count(t.pieces) +
            (t.pieces == 1 ? " piece" : " pieces, the largest ") +
            (t.pieces == 1 ? "" : squareMm(t.largestMm2)) +
            "): a bone no brighter than the soft tissue around it (a hollow-looking calcaneus, a "
            "malleolus) is missing";
    } else {
        c.message = squareMm(t.areaMm2) + " of bone-textured anatomy left out";
    }
    return c;
}

}  // namespace

QualityReport MaskQuality::operator()(const Mask& mask, const Mask& anatomy, int width, int height,
                                      const std::optional<PixelSpacing>& spacing,
                                      const QualityParams& params, const Image* image,
                                      const Image* radiograph, double mmPerPixel,
                                      int codingErrorBound, const ExecutionPolicy& policy) const {
    const MaskMeasures m = measureMask(mask, anatomy, width, height, spacing, params);
    std::optional<double> contrast;
    if (image != nullptr && image->width() == width && image->height() == height &&
        m.straight.fraction >= params.minStraightLength) {
        // A few pixels, and about 0.5 % of the image, off the outline: clear of the outline's
        // own placement error where the mask was traced on a coarser grid.
        const int depth = std::max(3, static_cast<int>(0.005 * std::max(width, height) + 0.5));
        contrast = straightEdgeContrast(m.straight, *image, anatomy, depth);
    }
    QualityReport report;
    report.checks = {emptyCheck(m, params),    wholeAnatomyCheck(m, params),
                     borderCheck(m, params),   straightEdgeCheck(m, params, contrast),
                     fractionCheck(m, params), fragmentsCheck(m, params)};
    if (image != nullptr && radiograph != nullptr) {
        if (mmPerPixel <= 0.0) {
            mmPerPixel =
                spacing ? std::sqrt(spacing->x * spacing->y) : 300.0 / std::max({width, height, 1});
        }
        TexturedGapSettings ts;
        ts.ratio = params.textureRatio;
        ts.depthMm = params.textureDepthMm;
        ts.thicknessMm = params.textureThicknessMm;
        ts.codingErrorBound = codingErrorBound;
        const TexturedGapMeasure t =
            TexturedGap{}(*radiograph, *image, mask.empty() ? Mask(width, height) : mask,
                          anatomy.empty() ? Mask(width, height) : anatomy, mmPerPixel, ts,
                          kTextureCellMm, policy);
        report.checks.push_back(texturedGapCheck(t, params));
    }
    report.straightToleranceX = m.straightLimits.toleranceX;
    report.straightToleranceY = m.straightLimits.toleranceY;
    return report;
}

QualityReport MaskQuality::operator()(const ContourResult& contour, int width, int height,
                                      const std::optional<PixelSpacing>& spacing,
                                      const QualityParams& params, const Image* image,
                                      const Image* radiograph, double mmPerPixel,
                                      int codingErrorBound, const ExecutionPolicy& policy) const {
    return (*this)(contour.mask, contour.anatomy, width, height, spacing, params, image, radiograph,
                   mmPerPixel, codingErrorBound, policy);
}

}  // namespace xrayprep::processing::baseline
