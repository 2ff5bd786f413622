#include "processing/contour/AnatomyFilter.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "processing/contour/ConnectedComponents.h"

namespace xrayprep::processing {
namespace {

// Widths (working pixels) of the bands along each image edge.
struct Bands {
    int left = 0, right = 0, top = 0, bottom = 0;
    bool operator==(const Bands&) const = default;
    [[nodiscard]] bool contains(int x, int y, int w, int h) const {
        return x < left || x >= w - right || y < top || y >= h - bottom;
    }
};

float percentile(std::vector<float> values, double q) {
    if (values.empty()) return 0.0f;
    const auto k = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

// Collimator bands: strips along an image edge that are uniformly bright. A side has a band
// when most of its outermost line (column or row) lies within a tolerance of that line's
// median level L, and L is bright (above the threshold, or about in the top 10 % of the
// image). The band runs inward while most of each line stays within the tolerance, then over the
// blurred inner edge while most of the line is still above min(threshold, L - tolerance). Lines are
// measured over the span not already claimed by the perpendicular bands, so a frame of bands
// is found side by side.
class BandFinder {
  public:
    BandFinder(const FloatImage& median, const AnatomySettings& s) : m_(median), s_(s) {
        std::vector<float> all(median.pixels().begin(), median.pixels().end());
        brightLevel_ = percentile(std::move(all), 0.9);
    }

    Bands operator()() const {
        Bands b;
        for (int round = 0; round < 4; ++round) {
            Bands n = b;
            n.left = width(Side::Left, b);
            n.right = width(Side::Right, b);
            n.top = width(Side::Top, n);
            n.bottom = width(Side::Bottom, n);
            if (n == b) break;
            b = n;
        }
        return b;
    }

  private:
    enum class Side { Left, Right, Top, Bottom };

    // Values of the i-th line from the given side, over the span left by the other bands.
    std::vector<float> line(Side side, int i, const Bands& b) const {
        const int w = m_.width(), h = m_.height();
        std::vector<float> v;
        if (side == Side::Left || side == Side::Right) {
            const int x = side == Side::Left ? i : w - 1 - i;
            for (int y = b.top; y < h - b.bottom; ++y) v.push_back(m_.at(x, y));
        } else {
            const int y = side == Side::Top ? i : h - 1 - i;
            for (int x = b.left; x < w - b.right; ++x) v.push_back(m_.at(x, y));
        }
        return v;
    }

    [[nodiscard]] bool mostly(const std::vector<float>& v, auto&& pred) const {
        if (v.empty()) return false;
        std::size_t n = 0;
        for (const float x : v) n += pred(x) ? 1 : 0;
        return static_cast<double>(n) >= s_.bandCoverage * static_cast<double>(v.size());
    }

    int width(Side side, const Bands& b) const {
        const bool vertical = side == Side::Left || side == Side::Right;
        const int lines = vertical ? m_.width() - (side == Side::Left ? b.right : b.left)
                                   : m_.height() - (side == Side::Top ? b.bottom : b.top);
        if (lines <= 0) return 0;
        const std::vector<float> edge = line(side, 0, b);
        const double level = percentile(edge, 0.5);
        if (!(level > s_.backgroundValue)) return 0;
        const double tolerance = s_.bandUniformity * (level - s_.backgroundValue);
        if (!(level > s_.thresholdValue || level >= brightLevel_ - tolerance)) return 0;
        auto near = [&](float x) { return std::abs(x - level) <= tolerance; };
        const double extension = std::max<double>(
            s_.backgroundValue, std::min<double>(s_.thresholdValue, level - tolerance));
        auto above = [&](float x) { return x > extension; };
        int i = 0;
        while (i < lines && mostly(line(side, i, b), near)) ++i;
        if (i == 0) return 0;
        while (i < lines && mostly(line(side, i, b), above)) ++i;
        return i;
    }

    const FloatImage& m_;
    const AnatomySettings& s_;
    float brightLevel_ = 0.0f;
};

std::string where(const Component& c, const WorkingGrid& g) {
    const Point2f centre = g.toFull(
        {0.5f * static_cast<float>(c.minX + c.maxX), 0.5f * static_cast<float>(c.minY + c.maxY)});
    return std::to_string(std::lround(centre.x)) + "," + std::to_string(std::lround(centre.y));
}

// Fills the holes of a mask: background regions (4-connected) that do not reach the border.
void fillHoles(Mask& m) {
    Mask inverse(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) inverse.data()[i] = m.data()[i] == 0 ? 1 : 0;
    const ComponentMap holes = ConnectedComponents{}(inverse, Connectivity::Four);
    for (std::size_t i = 0; i < m.size(); ++i) {
        const std::int32_t l = holes.labels.data()[i];
        if (l != 0 && !holes.components[l - 1].touchesBorder) m.data()[i] = 1;
    }
}

}  // namespace

AnatomyRegions AnatomyFilter::operator()(const FloatImage& median, const Mask& fgIn,
                                         const WorkingGrid& g, const AnatomySettings& s,
                                         const ExecutionPolicy& policy) const {
    (void)policy;  // the filter is cheap at working resolution; it runs serially
    const int w = median.width();
    const int h = median.height();
    AnatomyRegions out;
    out.anatomy = Mask(w, h, 0);
    out.foreground = Mask(w, h, 0);
    if (w == 0 || h == 0) return out;

    // 1. Collimator bands.
    const Bands bands = BandFinder(median, s)();
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

    Mask fg(w, h, 0);
    std::int64_t openArea = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (bands.contains(x, y, w, h)) continue;
            fg.at(x, y) = fgIn.at(x, y);
            ++openArea;
        }
    }

    // 2. The anatomy: the largest region above the background level.
    auto regionAbove = [&](double level) {
        Mask m(w, h, 0);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                m.at(x, y) = !bands.contains(x, y, w, h) && median.at(x, y) > level ? 1 : 0;
            }
        }
        return m;
    };
    auto largest = [](const ComponentMap& cm) {
        std::int64_t best = 0;
        for (const Component& c : cm.components) best = std::max(best, c.area);
        return best;
    };
    Mask candidate = regionAbove(s.backgroundValue);
    ComponentMap regions = ConnectedComponents{}(candidate, Connectivity::Eight);
    if (largest(regions) > s.maxAnatomyCover * static_cast<double>(openArea) &&
        s.thresholdValue > s.backgroundValue) {
        out.notes.push_back("values above the background level " +
                            std::to_string(s.backgroundValue) +
                            " cover almost the whole image: the anatomy is taken from the "
                            "threshold foreground instead");
        regions = ConnectedComponents{}(fg, Connectivity::Eight);
    }
    const std::int64_t biggest = largest(regions);
    for (std::size_t i = 0; i < regions.labels.size(); ++i) {
        const std::int32_t l = regions.labels.data()[i];
        if (l != 0 && regions.components[l - 1].area >= s.keepFraction * biggest) {
            out.anatomy.data()[i] = 1;
        }
    }
    fillHoles(out.anatomy);

    // 3. Foreground outside the anatomy is dropped and listed.
    const ComponentMap objects = ConnectedComponents{}(fg, Connectivity::Eight);
    std::vector<std::int64_t> insideCount(objects.components.size(), 0);
    for (std::size_t i = 0; i < fg.size(); ++i) {
        const std::int32_t l = objects.labels.data()[i];
        if (l == 0 || out.anatomy.data()[i] == 0) continue;
        out.foreground.data()[i] = 1;
        ++insideCount[l - 1];
    }
    for (const Component& c : objects.components) {
        const double fullArea = g.toFullArea(static_cast<double>(c.area));
        if (insideCount[c.label - 1] > 0 || fullArea < s.minArea) continue;
        out.discarded.push_back("component " + std::to_string(c.label) + " (" +
                                std::to_string(std::llround(fullArea)) + " px at " + where(c, g) +
                                "): outside the anatomy");
    }
    return out;
}

}  // namespace xrayprep::processing
