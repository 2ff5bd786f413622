#include "processing/contour/SecondBackground.h"

#include <cstdint>
#include <vector>

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {

bool hasUnseededFramePixel(const Mask& candidate, const Mask& seeds, const Mask& frame) {
    for (std::size_t i = 0; i < frame.size(); ++i) {
        if (frame.data()[i] != 0 && candidate.data()[i] != 0 && seeds.data()[i] == 0) return true;
    }
    return false;
}

Mask secondBackgroundSeeds(const FloatImage& image, const Mask& candidate, const Mask& seeds,
                           const Mask& frame, float spread, const SecondBackgroundSettings& s,
                           const ExecutionPolicy& policy) {
    const int w = image.width(), h = image.height();
    Mask out(w, h, 0);
    if (w == 0 || h == 0) return out;
    // Nothing to look for where every flat frame pixel is a seed already (the usual case):
    // no labelling then.
    if (!hasUnseededFramePixel(candidate, seeds, frame)) return out;
    const Mask unreached = andNot(candidate, componentsTouching(candidate, seeds, policy), policy);
    const ComponentMap pieces = ConnectedComponents{}(unreached, Connectivity::Four, policy);
    const std::size_t count = pieces.components.size();
    if (count == 0) return out;
    const double minArea = s.minArea * static_cast<double>(w) * h;
    std::vector<char> large(count + 1, 0), atFrame(count + 1, 0);
    for (const Component& c : pieces.components) {
        large[static_cast<std::size_t>(c.label)] = static_cast<double>(c.area) >= minArea;
    }
    std::vector<std::vector<float>> values(count + 1);
    for (std::size_t i = 0; i < image.size(); ++i) {
        const auto l = static_cast<std::size_t>(pieces.labels.data()[i]);
        if (l == 0 || large[l] == 0) continue;
        values[l].push_back(image.data()[i]);
        if (frame.data()[i] != 0) atFrame[l] = 1;
    }
    std::vector<char> keep(count + 1, 0);
    for (std::size_t l = 1; l <= count; ++l) {
        if (large[l] == 0 || atFrame[l] == 0) continue;
        const float low = quantileOf(values[l], 0.05);
        const float high = quantileOf(values[l], 0.95);
        keep[l] = high - low <= static_cast<float>(s.maxSpread) * spread ? 1 : 0;
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = keep[static_cast<std::size_t>(pieces.labels.data()[i])];
    }
    return out;
}

}  // namespace xrayprep::processing
