#include "processing/contour/BurnedInAnnotation.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace xrayprep::processing {
namespace {

// The state of a pixel during the search.
constexpr std::uint8_t kUnseen = 0;
constexpr std::uint8_t kDone = 1;
constexpr std::uint8_t kCurrent = 2;  // in the run being measured

}  // namespace

Mask BurnedInAnnotation::operator()(const Image& original, const Mask& where,
                                    const BurnedInAnnotationSettings& s) const {
    if (!where.sameSize(original)) {
        throw std::invalid_argument("BurnedInAnnotation: the mask must have the image's size");
    }
    const int w = original.width(), h = original.height();
    Mask out(w, h, 0);
    if (original.empty() || !(s.mmPerPixel > 0.0)) return out;
    const double maxWidth = s.maxWidthMm / s.mmPerPixel;
    const double minLength = s.minLengthMm / s.mmPerPixel;
    const double minStep = s.minContrast * original.maxValue();
    const std::uint16_t* px = original.data();
    std::vector<std::uint8_t> state(original.size(), kUnseen);
    std::vector<std::size_t> run, border;
    auto sameNeighbour = [&](int x, int y, std::uint16_t v) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const int nx = x + dx, ny = y + dy;
                if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < w && ny < h &&
                    px[static_cast<std::size_t>(ny) * w + nx] == v) {
                    return true;
                }
            }
        }
        return false;
    };
    for (int y0 = 0; y0 < h; ++y0) {
        for (int x0 = 0; x0 < w; ++x0) {
            const std::size_t start = static_cast<std::size_t>(y0) * w + x0;
            if (where.data()[start] == 0 || state[start] != kUnseen) continue;
            const std::uint16_t v = px[start];
            if (!sameNeighbour(x0, y0, v)) {
                state[start] = kDone;
                continue;
            }
            // The 8-connected run of the exact value v.
            run.assign(1, start);
            state[start] = kCurrent;
            int bx0 = x0, bx1 = x0, by0 = y0, by1 = y0;
            for (std::size_t k = 0; k < run.size(); ++k) {
                const int x = static_cast<int>(run[k] % w), y = static_cast<int>(run[k] / w);
                bx0 = std::min(bx0, x), bx1 = std::max(bx1, x);
                by0 = std::min(by0, y), by1 = std::max(by1, y);
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                        const std::size_t j = static_cast<std::size_t>(ny) * w + nx;
                        if (state[j] == kUnseen && px[j] == v) {
                            state[j] = kCurrent;
                            run.push_back(j);
                        }
                    }
                }
            }
            // Its mean width (twice the area over the perimeter: a stroke's width, a disk's
            // radius), its length, and the values along its outside.
            std::size_t perimeter = 0;
            border.clear();
            for (std::size_t i : run) {
                const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = x + dx, ny = y + dy;
                        if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= w || ny >= h) {
                            continue;
                        }
                        const std::size_t j = static_cast<std::size_t>(ny) * w + nx;
                        if (state[j] == kCurrent) continue;
                        if (dx == 0 || dy == 0) ++perimeter;
                        border.push_back(j);
                    }
                }
            }
            const double width =
                perimeter == 0 ? 1e9 : 2.0 * static_cast<double>(run.size()) / perimeter;
            const double length = std::max(bx1 - bx0, by1 - by0) + 1.0;
            bool stroke = width <= maxWidth && length >= minLength && !border.empty();
            if (stroke) {
                std::vector<std::uint16_t> around(border.size());
                for (std::size_t k = 0; k < border.size(); ++k) around[k] = px[border[k]];
                auto mid = around.begin() + static_cast<std::ptrdiff_t>(around.size() / 2);
                std::nth_element(around.begin(), mid, around.end());
                stroke = static_cast<double>(v) - static_cast<double>(*mid) >= minStep;
            }
            for (std::size_t i : run) {
                state[i] = kDone;
                if (stroke) out.data()[i] = 1;
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
