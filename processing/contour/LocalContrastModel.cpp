#include "processing/contour/LocalContrastModel.h"

#include <algorithm>
#include <cstdint>

#include "processing/contour/PocketSealer.h"
#include "processing/contour/TwoClassSplit.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/SmoothWeightedMean.h"

namespace xrayprep::processing {
namespace {

// The mean of img over the set pixels of m, summed per row then over rows in order; `fallback`
// when m is empty.
float meanWhere(const FloatImage& img, const Mask& m, float fallback) {
    double sum = 0.0;
    std::int64_t n = 0;
    for (int y = 0; y < img.height(); ++y) {
        double rowSum = 0.0;
        for (int x = 0; x < img.width(); ++x) {
            if (m.at(x, y) == 0) continue;
            rowSum += img.at(x, y);
            ++n;
        }
        sum += rowSum;
    }
    return n > 0 ? static_cast<float>(sum / static_cast<double>(n)) : fallback;
}

std::int64_t countOf(const Mask& m) {
    std::int64_t n = 0;
    for (auto v : m.pixels()) n += v;
    return n;
}

// Where the density of the local mean is low, blend towards the global mean.
void blendWithGlobal(WeightedMeanField& f, float global) {
    for (std::size_t i = 0; i < f.mean.size(); ++i) {
        const float wt = std::clamp(f.density.data()[i] / 0.02f, 0.0f, 1.0f);
        f.mean.data()[i] = wt * f.mean.data()[i] + (1.0f - wt) * global;
    }
}

}  // namespace

LocalContrast LocalContrastModel::operator()(const FloatImage& img, const Mask& anatomy,
                                             float maxValue, const LocalContrastSettings& s,
                                             const ExecutionPolicy& policy) const {
    const int w = img.width(), h = img.height();
    LocalContrast out;
    out.tissue = FloatImage(w, h, 0.0f);
    out.contrast = FloatImage(w, h, 1.0f);
    out.bone = Mask(w, h, 0);
    if (countOf(anatomy) < 20) return out;
    const TwoClasses split = TwoClassSplit{}(img, anatomy);
    Mask bone(w, h);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        bone.data()[i] = anatomy.data()[i] != 0 && img.data()[i] > split.level;
    }
    const double sigma = s.sigmaMm / s.workingMm;
    const double ring = std::max(1.0, s.ringMm / s.workingMm);
    const double seal = std::max(1.0, s.sealMm / s.workingMm);
    const float floor = static_cast<float>(s.minContrast) * maxValue;
    for (int round = 0; round < s.rounds; ++round) {
        const Mask tissue = andNot(anatomy, bone, policy);
        Mask near = intersect(tissue, DiskMorphology{}.dilate(bone, ring, policy), policy);
        if (countOf(near) < 10) near = tissue;
        WeightedMeanField t = SmoothWeightedMean{}(img, near, sigma, policy);
        WeightedMeanField b = SmoothWeightedMean{}(img, bone, sigma, policy);
        const float globalTissue = meanWhere(img, near, 0.0f);
        const float globalBone = meanWhere(img, bone, maxValue);
        blendWithGlobal(t, globalTissue);
        blendWithGlobal(b, globalBone);
        Mask brighter(w, h);
        const auto n = static_cast<std::int64_t>(brighter.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (std::int64_t i = 0; i < n; ++i) {
            const float c = std::max(b.mean.data()[i] - t.mean.data()[i], floor);
            out.tissue.data()[i] = t.mean.data()[i];
            out.contrast.data()[i] = c;
            brighter.data()[i] =
                anatomy.data()[i] != 0 && img.data()[i] > t.mean.data()[i] + 0.5f * c;
        }
        bone = PocketSealer{}(brighter, anatomy, seal, policy);
    }
    out.bone = std::move(bone);
    return out;
}

}  // namespace xrayprep::processing
