#include "processing/contour/BurnedInAnnotation.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <numbers>
#include <stdexcept>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace xrayprep::processing {
namespace {

// One bit per pixel: an eighth of a byte mask, so that a large image costs little fresh memory
// (page faults dominate a pass this light).
class PixelBits {
  public:
    explicit PixelBits(std::size_t n) : words_((n + 63) / 64, 0) {}
    [[nodiscard]] bool test(std::size_t i) const { return (words_[i >> 6] >> (i & 63)) & 1u; }
    void set(std::size_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
    void reset(std::size_t i) { words_[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }

  private:
    std::vector<std::uint64_t> words_;
};

// Where a search starts: a pixel of `where` with two neighbours of its exact value (a stroke
// goes on on both sides; noise rarely repeats a value twice around one pixel) and one darker by
// `step` (a stroke has such pixels along its sides wherever it crosses the mask), narrow across
// (`across` pixels at most along its row or its column). In image order, whatever the thread
// count.
std::vector<std::size_t> seedsOf(const Image& img, const Mask* where, std::int32_t step, int across,
                                 const ExecutionPolicy& policy) {
    const int w = img.width(), h = img.height();
    const std::uint16_t* px = img.data();
    const int threads = policy.parallel() ? policy.threads : 1;
    std::vector<std::vector<std::size_t>> found(static_cast<std::size_t>(threads));
#pragma omp parallel num_threads(threads) if (policy.parallel())
    {
        int t = 0;
#ifdef _OPENMP
        t = omp_get_thread_num();
#endif
        std::vector<std::uint16_t> low(static_cast<std::size_t>(w), 0);
        std::vector<std::uint8_t> flags(static_cast<std::size_t>(w), 0);
        std::vector<std::size_t>& mine = found[static_cast<std::size_t>(t)];
        // Static schedule: each thread takes one block of rows, in thread order.
#pragma omp for schedule(static)
        for (int y = 1; y < h - 1; ++y) {
            const std::uint16_t* up = px + static_cast<std::size_t>(y - 1) * w;
            const std::uint16_t* at = up + w;
            const std::uint16_t* down = at + w;
            const std::uint8_t* inside =
                where != nullptr ? where->data() + static_cast<std::size_t>(y) * w : nullptr;
            // First the darker neighbour, over the 3 x 3 minimum (plain loops the compiler
            // vectorises); it rules out all but the pixels along strong edges.
            for (int x = 0; x < w; ++x) {
                low[static_cast<std::size_t>(x)] = std::min({up[x], at[x], down[x]});
            }
            for (int x = 1; x < w - 1; ++x) {
                const std::int32_t v = at[x];
                const std::int32_t m = std::min({low[static_cast<std::size_t>(x) - 1],
                                                 low[static_cast<std::size_t>(x)],
                                                 low[static_cast<std::size_t>(x) + 1]});
                flags[static_cast<std::size_t>(x)] =
                    (inside == nullptr || inside[x] != 0) && v >= step && m <= v - step;
            }
            // Then the two neighbours of the same value, at the flagged pixels only (memchr
            // skips the unflagged majority at memory speed).
            auto nextFlagged = [&](int from) {
                const void* hit = from < w - 1 ? std::memchr(flags.data() + from, 1,
                                                             static_cast<std::size_t>(w - 1 - from))
                                               : nullptr;
                return hit == nullptr
                           ? w - 1
                           : static_cast<int>(static_cast<const std::uint8_t*>(hit) - flags.data());
            };
            for (int x = nextFlagged(1); x < w - 1; x = nextFlagged(x + 1)) {
                const std::uint16_t v = at[x];
                const int same = (up[x - 1] == v) + (up[x] == v) + (up[x + 1] == v) +
                                 (at[x - 1] == v) + (at[x + 1] == v) + (down[x - 1] == v) +
                                 (down[x] == v) + (down[x + 1] == v);
                if (same < 2) continue;
                // And a stroke is narrow across it: the run of v through it along the row or
                // along the column stays short (a flat area's edge is long both ways).
                auto runOf = [&](int dx, int dy) {
                    int n = 1;
                    for (int sign : {-1, 1}) {
                        for (int k = 1; k <= across && n <= across; ++k) {
                            const int xx = x + sign * k * dx, yy = y + sign * k * dy;
                            if (xx < 0 || yy < 0 || xx >= w || yy >= h ||
                                px[static_cast<std::size_t>(yy) * w + xx] != v) {
                                break;
                            }
                            ++n;
                        }
                    }
                    return n;
                };
                if (runOf(1, 0) > across && runOf(0, 1) > across) continue;
                mine.push_back(static_cast<std::size_t>(y) * w + x);
            }
        }
    }
    std::vector<std::size_t> seeds;
    for (const auto& f : found) seeds.insert(seeds.end(), f.begin(), f.end());
    return seeds;
}

}  // namespace

std::vector<std::size_t> BurnedInAnnotation::operator()(const Image& original, const Mask* where,
                                                        const BurnedInAnnotationSettings& s,
                                                        const ExecutionPolicy& policy) const {
    if (where != nullptr && !where->sameSize(original)) {
        throw std::invalid_argument("BurnedInAnnotation: the mask must have the image's size");
    }
    std::vector<std::size_t> strokes;
    const int w = original.width(), h = original.height();
    if (original.empty() || !(s.mmPerPixel > 0.0)) return strokes;
    const double maxWidth = s.maxWidthMm / s.mmPerPixel;
    const double minLength = s.minLengthMm / s.mmPerPixel;
    const double minStep = s.minContrast * original.maxValue();
    // No stroke covers more than its widest width along the image's sides.
    const auto maxArea = static_cast<std::size_t>(std::ceil(maxWidth * (w + h)));
    const std::uint16_t* px = original.data();
    // A stroke of width W at any angle is at most W * sqrt(2) across along a row or a column.
    const int across = static_cast<int>(std::ceil(maxWidth * std::numbers::sqrt2)) + 1;
    const std::vector<std::size_t> seeds =
        seedsOf(original, where, static_cast<std::int32_t>(std::ceil(minStep)), across, policy);
    if (seeds.empty()) return strokes;
    // Followed (in a run already measured), too large (in a run given up as a flat area), and
    // in the run being measured.
    PixelBits done(original.size()), huge(original.size()), current(original.size());
    std::vector<std::size_t> run, border;
    for (std::size_t start : seeds) {
        if (done.test(start)) continue;
        // The 8-connected run of the exact value v.
        const std::uint16_t v = px[start];
        run.assign(1, start);
        current.set(start);
        bool tooLarge = false;
        int bx0 = w, bx1 = -1, by0 = h, by1 = -1;
        for (std::size_t k = 0; k < run.size() && !tooLarge; ++k) {
            const int x = static_cast<int>(run[k] % w), y = static_cast<int>(run[k] / w);
            bx0 = std::min(bx0, x), bx1 = std::max(bx1, x);
            by0 = std::min(by0, y), by1 = std::max(by1, y);
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    const std::size_t j = static_cast<std::size_t>(ny) * w + nx;
                    if (px[j] != v || current.test(j)) continue;
                    if (huge.test(j)) tooLarge = true;
                    if (!done.test(j)) {
                        current.set(j);
                        run.push_back(j);
                    }
                }
            }
            tooLarge = tooLarge || run.size() > maxArea;
        }
        // Its mean width (twice the area over the perimeter: a stroke's width, a disk's
        // radius), its length, and the values along its outside. A flat area (a saturated
        // region) is given up once it outgrows any stroke; its pixels stay marked so that no
        // later search takes a part of it for one.
        bool stroke = !tooLarge && std::max(bx1 - bx0, by1 - by0) + 1.0 >= minLength;
        std::size_t perimeter = 0;
        border.clear();
        for (std::size_t k = 0; stroke && k < run.size(); ++k) {
            const int x = static_cast<int>(run[k] % w), y = static_cast<int>(run[k] / w);
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    const std::size_t j = static_cast<std::size_t>(ny) * w + nx;
                    if (current.test(j)) continue;
                    if (dx == 0 || dy == 0) ++perimeter;
                    border.push_back(j);
                }
            }
        }
        if (stroke) {
            stroke =
                perimeter > 0 &&
                2.0 * static_cast<double>(run.size()) / static_cast<double>(perimeter) <= maxWidth;
        }
        if (stroke) {
            std::vector<std::uint16_t> around(border.size());
            for (std::size_t k = 0; k < border.size(); ++k) around[k] = px[border[k]];
            auto mid = around.begin() + static_cast<std::ptrdiff_t>(around.size() / 2);
            std::nth_element(around.begin(), mid, around.end());
            stroke = static_cast<double>(v) - static_cast<double>(*mid) >= minStep;
        }
        for (std::size_t i : run) {
            current.reset(i);
            done.set(i);
            if (tooLarge) huge.set(i);
        }
        if (stroke) strokes.insert(strokes.end(), run.begin(), run.end());
    }
    std::sort(strokes.begin(), strokes.end());
    return strokes;
}

Image BurnedInAnnotation::paintedOver(const Image& original,
                                      const std::vector<std::size_t>& strokes) const {
    Image out = original;
    if (strokes.empty()) return out;
    const int w = original.width(), h = original.height();
    std::vector<char> stroke(original.size(), 0);
    for (std::size_t i : strokes) {
        if (i >= original.size()) throw std::out_of_range("BurnedInAnnotation: pixel index");
        stroke[i] = 1;
    }
    std::vector<std::uint16_t> around;
    for (std::size_t i : strokes) {
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        // The median of the pixels that are not stroke in the smallest square around it that
        // holds at least 8 of them (values of the original, so the order of painting does not
        // matter).
        for (int r = 2; r <= std::max(w, h); r *= 2) {
            around.clear();
            for (int yy = std::max(0, y - r); yy <= std::min(h - 1, y + r); ++yy) {
                for (int xx = std::max(0, x - r); xx <= std::min(w - 1, x + r); ++xx) {
                    const std::size_t j = static_cast<std::size_t>(yy) * w + xx;
                    if (stroke[j] == 0) around.push_back(original.data()[j]);
                }
            }
            if (around.size() >= 8) break;
        }
        if (around.empty()) continue;  // the whole image is stroke: nothing to paint with
        auto mid = around.begin() + static_cast<std::ptrdiff_t>(around.size() / 2);
        std::nth_element(around.begin(), mid, around.end());
        out.data()[i] = *mid;
    }
    return out;
}

}  // namespace xrayprep::processing
