#include "processing/contour/AnatomyFilter.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/TwoClassSplit.h"
#include "processing/core/ForEachPixel.h"

namespace xrayprep::processing {
namespace {

std::string where(const Component& c, const WorkingGrid& g) {
    const Point2f centre = g.toFull(
        {0.5f * static_cast<float>(c.minX + c.maxX), 0.5f * static_cast<float>(c.minY + c.maxY)});
    return std::to_string(std::lround(centre.x)) + "," + std::to_string(std::lround(centre.y));
}

// Fills the holes of a mask: background regions (4-connected) that do not reach the border.
// `inverse` is the complement of m.
void fillHoles(Mask& m, const Mask& inverse, const ExecutionPolicy& policy) {
    const ComponentMap holes = ConnectedComponents{}(inverse, Connectivity::Four, policy);
    updateEachPixel(m, policy, [&](std::size_t i, std::uint8_t set) -> std::uint8_t {
        const std::int32_t l = holes.labels.data()[i];
        return set != 0 || (l != 0 && !holes.components[l - 1].touchesBorder);
    });
}

std::int64_t largestArea(const ComponentMap& cm) {
    std::int64_t best = 0;
    for (const Component& c : cm.components) best = std::max(best, c.area);
    return best;
}

}  // namespace

AnatomyRegions AnatomyFilter::operator()(const FloatImage& median, const Mask& fgIn,
                                         const WorkingGrid& g, const AnatomySettings& s,
                                         const ExecutionPolicy& policy) const {
    const int w = median.width();
    const int h = median.height();
    AnatomyRegions out;
    out.anatomy = Mask(w, h, 0);
    out.foreground = Mask(w, h, 0);
    out.outside = Mask(w, h, 0);
    if (w == 0 || h == 0) return out;

    // 1. Collimator bands.
    BandSettings bs = s.bands;
    bs.thresholdValue = s.thresholdValue;
    bs.backgroundValue = s.backgroundValue;
    const CollimatorBands bands = CollimatorBandFinder{}(median, bs, policy);
    const Mask& band = bands.mask;
    const int f = g.factor();
    auto reportBand = [&](int width, const char* edge) {
        if (width == 0) return;
        out.discarded.push_back(std::string("collimator band along the ") + edge + " edge (" +
                                std::to_string(width * f) + " px wide): bright uniform strip");
    };
    reportBand(bands.left, "left");
    reportBand(bands.right, "right");
    reportBand(bands.top, "top");
    reportBand(bands.bottom, "bottom");
    if (g.toFullArea(bands.penumbraPixels) >= s.minArea) {
        out.discarded.push_back("soft inner edge of the collimator bands (" +
                                std::to_string(std::llround(g.toFullArea(bands.penumbraPixels))) +
                                " px): values falling steadily away from a band");
    }

    // One pass for the foreground outside the bands, the pixels outside the bands and where no
    // anatomy can be (the area is an integer count: exact in any order).
    Mask fg(w, h, 0);
    Mask open(w, h, 0);
    std::int64_t openArea = 0;
    {
        const auto n = static_cast<std::int64_t>(band.size());
        const std::uint8_t* bd = band.data();
        const std::uint8_t* fi = fgIn.data();
        const float* md = median.data();
        std::uint8_t* fo = fg.data();
        std::uint8_t* op = open.data();
        std::uint8_t* ou = out.outside.data();
        const float backgroundLevel = s.backgroundValue;
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel()) \
    reduction(+ : openArea)
        for (std::int64_t i = 0; i < n; ++i) {
            const bool inBand = bd[i] != 0;
            fo[i] = inBand ? 0 : fi[i];
            op[i] = inBand ? 0 : 1;
            openArea += inBand ? 0 : 1;
            const bool dark = !(md[i] > backgroundLevel);
            ou[i] = inBand || dark ? 1 : 0;
        }
    }

    // 2. The anatomy: the largest region above the background level.
    auto regionAbove = [&](double cut) {
        Mask m(w, h, 0);
        forEachPixel(m, policy, [&](std::size_t i) -> std::uint8_t {
            return open.data()[i] != 0 && median.data()[i] > cut ? 1 : 0;
        });
        return ConnectedComponents{}(m, Connectivity::Eight, policy);
    };
    double level = s.backgroundValue;
    ComponentMap regions = regionAbove(level);
    if (largestArea(regions) > s.maxAnatomyCover * static_cast<double>(openArea) &&
        s.thresholdValue > s.backgroundValue) {
        // The first trough then lies inside a noisy or graded background, and so may the
        // threshold, and a background creeping above it joins markers lying in it to the
        // anatomy. The level is raised to midway between the threshold and the image's own
        // background/object split (the midpoint of the Otsu class means over the non-band
        // pixels, which stays centred where the histogram has a gap): clear of the
        // background, still below the thin soft tissue.
        const TwoClasses split = TwoClassSplit{}(median, open);
        const double objectSplit = 0.5 * (split.darkMean + split.brightMean);
        level = 0.5 * (s.thresholdValue + std::max<double>(s.thresholdValue, objectSplit));
        out.notes.push_back("values above the background level " +
                            std::to_string(s.backgroundValue) +
                            " cover almost the whole image: the anatomy is the region above " +
                            std::to_string(std::lround(level)) +
                            ", midway between the threshold and the background/object split");
        regions = regionAbove(level);
    }
    const std::int64_t biggest = largestArea(regions);
    Mask inverse(w, h, 0);
    forEachPixel(out.anatomy, policy, [&](std::size_t i) -> std::uint8_t {
        const std::int32_t l = regions.labels.data()[i];
        const bool kept = l != 0 && regions.components[l - 1].area >= s.keepFraction * biggest;
        inverse.data()[i] = kept ? 0 : 1;
        return kept ? 1 : 0;
    });
    fillHoles(out.anatomy, inverse, policy);

    // 3. Foreground outside the anatomy is dropped; the objects in it (what rises above the
    // anatomy level there) are listed.
    Mask stray(w, h, 0);
    forEachPixel(out.foreground, policy, [&](std::size_t i) -> std::uint8_t {
        const bool in = out.anatomy.data()[i] != 0;
        stray.data()[i] = fg.data()[i] != 0 && !in && median.data()[i] > level ? 1 : 0;
        return fg.data()[i] != 0 && in ? 1 : 0;
    });
    const ComponentMap objects = ConnectedComponents{}(stray, Connectivity::Eight, policy);
    for (const Component& c : objects.components) {
        const double fullArea = g.toFullArea(static_cast<double>(c.area));
        if (fullArea < s.minArea) continue;
        out.discarded.push_back("component " + std::to_string(c.label) + " (" +
                                std::to_string(std::llround(fullArea)) + " px at " + where(c, g) +
                                "): outside the anatomy");
    }
    return out;
}

}  // namespace xrayprep::processing
