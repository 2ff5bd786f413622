#include "processing/edit/GuidedContour.h"

#include "processing/core/OtsuSplit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

std::string at(const GuideSeed& s) {
    std::string out = std::to_string(s.x);  // not "(" + ...: GCC 12's -Wrestrict misfires
    out += ", ";
    out += std::to_string(s.y);
    return "at (" + out + ")";
}

// The two class means of Otsu's split of `values` (min..max in integer steps): the local
// brightness of tissue and of bone around a seed.
std::pair<double, double> otsuMeans(const std::vector<std::uint16_t>& values) {
    if (values.empty()) return {0.0, 0.0};
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    if (*lo == *hi) return {static_cast<double>(*lo), static_cast<double>(*lo)};
    const int first = *lo;
    std::vector<double> counts(static_cast<std::size_t>(*hi - first + 1), 0.0);
    for (std::uint16_t v : values) counts[static_cast<std::size_t>(v - first)] += 1.0;
    std::vector<double> sums(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i)
        sums[i] = counts[i] * (first + static_cast<double>(i));
    const OtsuSplit split = otsuSplit(counts, sums);
    return {split.mean0, split.mean1};
}

}  // namespace

Mask GuidedContour::seedRegion(const GuideSeed& seed, const Image& median, const Mask& anatomy,
                               const Mask& allowed, double mmPerPixel) const {
    const int w = median.width(), h = median.height();
    Mask region(w, h, 0);
    if (seed.x < 0 || seed.y < 0 || seed.x >= w || seed.y >= h) return region;
    const bool useAnatomy = anatomy.sameSize(w, h);
    const int r = std::max(2, static_cast<int>(std::lround(kWindowMm / mmPerPixel)));
    const int x0 = std::max(0, seed.x - r), x1 = std::min(w - 1, seed.x + r);
    const int y0 = std::max(0, seed.y - r), y1 = std::min(h - 1, seed.y + r);
    std::vector<std::uint16_t> inside, all;
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            all.push_back(median.at(x, y));
            if (useAnatomy && anatomy.at(x, y) != 0) inside.push_back(median.at(x, y));
        }
    }
    const auto [tissue, bone] = otsuMeans(inside.size() >= 16 ? inside : all);
    const double tolerance = std::max(1.0, kToleranceOfContrast * (bone - tissue));
    double level = 0.0;
    int n = 0;
    for (int y = std::max(0, seed.y - 2); y <= std::min(h - 1, seed.y + 2); ++y) {
        for (int x = std::max(0, seed.x - 2); x <= std::min(w - 1, seed.x + 2); ++x) {
            level += median.at(x, y);
            ++n;
        }
    }
    level /= n;
    const double reach = kReachMm / mmPerPixel;
    const auto takes = [&](int x, int y) {
        const double dx = x - seed.x, dy = y - seed.y;
        return allowed.at(x, y) != 0 && region.at(x, y) == 0 &&
               std::abs(median.at(x, y) - level) <= tolerance && dx * dx + dy * dy <= reach * reach;
    };
    if (!takes(seed.x, seed.y)) return region;
    std::deque<std::pair<int, int>> queue{{seed.x, seed.y}};
    region.at(seed.x, seed.y) = 1;
    while (!queue.empty()) {
        const auto [x, y] = queue.front();
        queue.pop_front();
        const std::pair<int, int> next[4] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
        for (const auto& [nx, ny] : next) {
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || !takes(nx, ny)) continue;
            region.at(nx, ny) = 1;
            queue.emplace_back(nx, ny);
        }
    }
    return region;
}

std::vector<std::string> GuidedContour::apply(const ContourGuidance& guidance, const Image& median,
                                              const Mask& anatomy, double mmPerPixel,
                                              Mask& mask) const {
    const int w = median.width(), h = median.height();
    if (!mask.sameSize(w, h)) {
        throw std::invalid_argument("guided contour: the mask and the median differ in size");
    }
    if (!(mmPerPixel > 0.0) || !std::isfinite(mmPerPixel)) {
        throw std::invalid_argument("guided contour: the pixel size must be > 0");
    }
    std::vector<std::string> notes;
    GuideBox box{0, 0, w, h};
    if (guidance.box) {
        box = {std::clamp(guidance.box->x0, 0, w), std::clamp(guidance.box->y0, 0, h),
               std::clamp(guidance.box->x1, 0, w), std::clamp(guidance.box->y1, 0, h)};
        std::int64_t cleared = 0;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (box.contains(x, y) || mask.at(x, y) == 0) continue;
                mask.at(x, y) = 0;
                ++cleared;
            }
        }
        notes.push_back("region of interest " + std::to_string(box.x1 - box.x0) + " x " +
                        std::to_string(box.y1 - box.y0) + " px at (" + std::to_string(box.x0) +
                        ", " + std::to_string(box.y0) + "): " + std::to_string(cleared) +
                        " px of bone outside it left out");
    }
    const bool useAnatomy = anatomy.sameSize(w, h);
    const auto regionOf = [&](const GuideSeed& seed, const auto& allowedAt) {
        Mask allowed(w, h, 0);
        for (int y = box.y0; y < box.y1; ++y) {
            for (int x = box.x0; x < box.x1; ++x) allowed.at(x, y) = allowedAt(x, y) ? 1 : 0;
        }
        return seedRegion(seed, median, anatomy, allowed, mmPerPixel);
    };
    // Includes first, then excludes (which win where they meet an include).
    for (const bool include : {true, false}) {
        for (const GuideSeed& seed : guidance.seeds) {
            if (seed.include != include) continue;
            const char* kind = include ? "include" : "exclude";
            if (!box.contains(seed.x, seed.y)) {
                notes.push_back(std::string(kind) + " seed " + at(seed) +
                                " lies outside the image or the region of interest: ignored");
                continue;
            }
            const Mask region =
                include
                    ? regionOf(seed, [&](int x, int y) { return !useAnatomy || anatomy.at(x, y); })
                    : regionOf(seed, [&](int x, int y) { return mask.at(x, y) != 0; });
            std::int64_t changed = 0;
            for (std::size_t i = 0; i < mask.size(); ++i) {
                if (region.data()[i] == 0) continue;
                changed += (mask.data()[i] != 0) != include ? 1 : 0;
                mask.data()[i] = include ? 1 : 0;
            }
            notes.push_back(std::string(kind) + " seed " + at(seed) + ": " +
                            std::to_string(changed) + " px " +
                            (include ? "added to" : "removed from") + " the bone");
        }
    }
    return notes;
}

}  // namespace xrayprep::processing
