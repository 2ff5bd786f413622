#include "processing/contour/AnatomyFinder.h"

#include <algorithm>
#include <cmath>

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/PocketSealer.h"
#include "processing/contour/RegionsConstants.h"
#include "processing/contour/SecondBackground.h"
#include "processing/core/BackgroundFoot.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/GradientMagnitude.h"
#include "processing/imaging/RadixSelect.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {
namespace {

constexpr int kBins = 256;

// The background's upper level by the histogram (BackgroundFoot) over the pixels of `where`.
float histogramBackground(const FloatImage& img, const Mask& where, std::uint16_t maxValue) {
    std::vector<std::uint64_t> counts(kBins, 0);
    const double scale = kBins / (static_cast<double>(maxValue) + 1.0);
    for (std::size_t i = 0; i < img.size(); ++i) {
        if (where.data()[i] == 0) continue;
        const int b = std::clamp(static_cast<int>(img.data()[i] * scale), 0, kBins - 1);
        ++counts[static_cast<std::size_t>(b)];
    }
    const auto foot = findBackgroundFoot(counts);
    if (!foot) return 0.0f;
    return static_cast<float>((foot->footBin + 0.5) / scale);
}

std::string round1(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

}  // namespace

AnatomyFound AnatomyFinder::operator()(const FloatImage& img, std::uint16_t maxValue,
                                       const AnatomyFinderSettings& s,
                                       const ExecutionPolicy& policy) const {
    const int w = img.width(), h = img.height();
    AnatomyFound out;
    out.anatomy = Mask(w, h, 0);
    out.background = Mask(w, h, 0);
    if (w == 0 || h == 0) return out;
    // The value range is taken once for the band and platform searches and the flood below.
    const ValueRange range = robustRange(img, 0.005, 0.995, policy);
    out.strips = BorderStripFinder{}(img, range, s.strips, policy);
    PlatformSettings ps = s.platforms;
    ps.workingMm = s.workingMm;
    out.platforms = PlatformFinder{}(img, range, ps, policy);
    Mask rest = complement(out.strips.mask, policy);
    std::int64_t restCount = 0;
    for (auto v : rest.pixels()) restCount += v;
    if (restCount <= 100) rest = Mask(w, h, 1);
    for (const BorderStrip& st : out.strips.strips) {
        out.discarded.push_back(std::string("band along the ") + toString(st.side) + " edge (" +
                                round1(st.depth * s.workingMm) + " mm deep, tilted " +
                                round1(st.angleDegrees) +
                                "°): uniform along its length (shutter, collimation or platform)");
    }

    const float spread = std::max(range.high - range.low, 1e-6f);
    const FloatImage gradient = GradientMagnitude{}(GaussianBlur{}(img, 1.0, policy), policy);
    // The background is flooded over the whole image, bands included: a dark collimated margin
    // found as a band is background all the same, and its pixels seed the flood.
    const Mask everywhere(w, h, 1);
    const int fw = std::max(2, static_cast<int>(0.03 * std::min(w, h)));
    Mask frame(w, h, kUnset);
    forEachPixel(frame, policy, [w, h, fw](std::size_t i) -> std::uint8_t {
        const int x = static_cast<int>(i % static_cast<std::size_t>(w));
        const int y = static_cast<int>(i / static_cast<std::size_t>(w));
        return x < fw || y < fw || x >= w - fw || y >= h - fw ? 1 : 0;
    });
    const RadixSelect frameValues(img, &frame, policy);
    if (frameValues.count() > 20) {
        const float histLevel = histogramBackground(img, everywhere, maxValue);
        const float seedLevel = std::min(histLevel, frameValues.quantile(0.30));
        // Seeds: the dark pixels of the image's frame. Where a brighter collimated margin holds
        // almost all of the frame, the open field of air inside it never touches the frame:
        // then the large dark regions seed the flood instead.
        Mask seeds(w, h, kUnset);
        forEachPixel(seeds, policy, [&](std::size_t i) -> std::uint8_t {
            return frame.data()[i] != 0 && img.data()[i] <= seedLevel;
        });
        std::size_t seedCount = 0;
        for (auto v : seeds.pixels()) seedCount += v;
        if (seedCount < 0.05 * frameValues.count()) {
            Mask dark(w, h, kUnset);
            forEachPixel(dark, policy,
                         [&](std::size_t i) -> std::uint8_t { return img.data()[i] <= seedLevel; });
            seeds = keepLargeComponents(dark, 0.005 * static_cast<double>(w) * h, 0.0, policy);
            seedCount = 0;
            for (auto v : seeds.pixels()) seedCount += v;
        }
        if (seedCount >= 0.05 * frameValues.count()) {
            // Statistics of the seeds as found, before the loop below adds to them.
            const RadixSelect seedValues(img, &seeds, policy);
            const float darker = seedValues.quantile(0.5);
            const float level = seedValues.quantile(0.90);
            const float seedFlat = RadixSelect(gradient, &seeds, policy).quantile(0.90);
            // Anything flat and darker than the typical background at the border is background
            // too, also where a brighter collimated margin separates it from the border.
            updateEachPixel(seeds, policy, [&](std::size_t i, std::uint8_t seed) -> std::uint8_t {
                return seed != 0 || (img.data()[i] <= darker && gradient.data()[i] <= seedFlat);
            });
            const float flat = std::max(1.5f * seedFlat, 0.002f * spread);
            const float ceiling =
                level + static_cast<float>(s.backgroundCeiling) *
                            (RadixSelect(img, &rest, policy).quantile(0.95) - level);
            Mask candidate(w, h, kUnset);
            forEachPixel(candidate, policy, [&](std::size_t i) -> std::uint8_t {
                return gradient.data()[i] <= flat && img.data()[i] <= ceiling;
            });
            // The seeds' flatness comes from the darkest pixels of the frame alone. A lossy
            // (JPEG) or coarsely quantised background is made of flat plateaus a grey level or
            // two apart, and the darkest plateau alone would stop the flood at the first step:
            // every flat frame pixel up to the foot of the histogram's background peak seeds
            // the flood as well (no higher than the ceiling: the dim tissue of a limb cut by
            // the frame stays out). So does the core of every exactly flat plateau at those
            // levels anywhere: JPEG ringing around a marker, a ball or the skin encloses
            // pockets of the background plateau that no flat path joins to the frame. Only
            // the core (kPlateauCoreMm in from the plateau's edge): the dark margin of a
            // limb's skin, clipped to the background's value on an 8-bit film, is a flat
            // stretch a few pixels wide, and must stay anatomy.
            const float plateaus = std::min(histLevel, ceiling);
            Mask exact(w, h, kUnset);
            forEachPixel(exact, policy, [&](std::size_t i) -> std::uint8_t {
                return gradient.data()[i] <= regions::kPlateauFlat * spread &&
                       candidate.data()[i] != 0 && img.data()[i] <= plateaus;
            });
            // The core lies within the candidate and at those levels already.
            exact = DiskMorphology{}.erode(
                exact, std::max(1.0, std::round(regions::kPlateauCoreMm / s.workingMm)), policy);
            updateEachPixel(seeds, policy, [&](std::size_t i, std::uint8_t seed) -> std::uint8_t {
                return seed != 0 || exact.data()[i] != 0 ||
                       (frame.data()[i] != 0 && candidate.data()[i] != 0 &&
                        img.data()[i] <= plateaus);
            });
            // A second background (a large, uniform field at the frame, darker than the
            // tissue, that the dark seeds do not reach) seeds it as well.
            seeds = unite(seeds,
                          secondBackgroundSeeds(img, candidate, seeds, frame, spread,
                                                SecondBackgroundSettings{}, policy),
                          policy);
            // The flood stops a pixel or two short of the skin's edge: a small closing.
            out.background = intersect(
                DiskMorphology{}.close(componentsTouching(candidate, seeds, policy), 2.0, policy),
                rest, policy);
        } else {
            out.notes.push_back("no background at the image border: the anatomy fills the frame");
        }
    }

    // A platform holds the limb up; it never holds most of it. A straight skin line that runs
    // the image's whole length (a leg filling the image from top to bottom) steps up towards
    // a side as a platform's edge does: where the band past the step would take more than
    // half of what is not background, the steps found are not platforms.
    std::int64_t body = 0, beyond = 0;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest.data()[i] == 0 || out.background.data()[i] != 0) continue;
        ++body;
        beyond += out.platforms.mask.data()[i];
    }
    if (!out.platforms.bands.empty() && 2 * beyond > body) {
        out.notes.push_back(
            "straight step(s) along a side not taken for a platform: the band "
            "past them would hold most of the anatomy");
        out.platforms = Platforms{{}, Mask(w, h, 0)};
    }
    for (const BorderStrip& p : out.platforms.bands) {
        out.discarded.push_back(std::string("platform along the ") + toString(p.side) + " edge (" +
                                round1(p.depth * s.workingMm) + " mm deep, tilted " +
                                round1(p.angleDegrees) + "°): a straight step across the image");
    }
    Mask open = DiskMorphology{}.open(
        andNot(andNot(rest, out.background, policy), out.platforms.mask, policy),
        std::max(1.0, s.openMm / s.workingMm), policy);
    const ComponentMap cm = ConnectedComponents{}(open, Connectivity::Four, policy);
    std::int64_t largest = 0;
    for (const Component& c : cm.components) largest = std::max(largest, c.area);
    std::vector<char> keep(cm.components.size() + 1, 0);
    const double px2 = s.workingMm * s.workingMm;
    for (const Component& c : cm.components) {
        if (c.area >= s.keepFraction * static_cast<double>(largest)) {
            keep[static_cast<std::size_t>(c.label)] = 1;
        } else if (c.area * px2 >= s.minObjectMm2) {
            const double cx = 0.5 * (c.minX + c.maxX) * s.workingMm;
            const double cy = 0.5 * (c.minY + c.maxY) * s.workingMm;
            out.discarded.push_back("object of " + round1(c.area * px2) + " mm² at (" + round1(cx) +
                                    ", " + round1(cy) +
                                    ") mm: apart from the anatomy (marker, ball, text or ruler)");
        }
    }
    Mask kept(w, h, kUnset);
    forEachPixel(kept, policy, [&](std::size_t i) -> std::uint8_t {
        return static_cast<std::uint8_t>(keep[static_cast<std::size_t>(cm.labels.data()[i])]);
    });
    out.anatomy = fillHoles(kept, policy);
    return out;
}

}  // namespace xrayprep::processing
