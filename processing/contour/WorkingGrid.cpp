#include "processing/contour/WorkingGrid.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace xrayprep::processing {

WorkingGrid::WorkingGrid(int fullWidth, int fullHeight, int workingSize)
    : fullWidth_(fullWidth), fullHeight_(fullHeight) {
    if (workingSize < 0) {
        throw std::invalid_argument("contour.workingSize must be >= 0, got " +
                                    std::to_string(workingSize));
    }
    const int longest = std::max(fullWidth, fullHeight);
    if (workingSize > 0 && longest > workingSize) {
        factor_ = (longest + workingSize - 1) / workingSize;
    }
    width_ = (fullWidth + factor_ - 1) / factor_;
    height_ = (fullHeight + factor_ - 1) / factor_;
}

template <typename AddRow>
FloatImage WorkingGrid::columnSummedMean(const ExecutionPolicy& policy, AddRow addRow) const {
    FloatImage out(width_, height_, kUnset);  // every pixel written below
    const int f = factor_;
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::uint32_t> columns(static_cast<std::size_t>(fullWidth_));
#pragma omp for schedule(static)
        for (int j = 0; j < height_; ++j) {
            const int y0 = j * f;
            const int y1 = std::min(fullHeight_, y0 + f);
            std::fill(columns.begin(), columns.end(), 0u);
            for (int y = y0; y < y1; ++y) addRow(y, columns.data());
            for (int i = 0; i < width_; ++i) {
                const int x0 = i * f;
                const int x1 = std::min(fullWidth_, x0 + f);
                std::uint64_t sum = 0;
                for (int x = x0; x < x1; ++x) sum += columns[x];
                out.at(i, j) = static_cast<float>(static_cast<double>(sum) /
                                                  static_cast<double>((y1 - y0) * (x1 - x0)));
            }
        }
    }
    return out;
}

FloatImage WorkingGrid::blockMean(const Image& full, const ExecutionPolicy& policy) const {
    const int n = fullWidth_;  // a local bound: the loop vectorises
    return columnSummedMean(policy, [&full, n](int y, std::uint32_t* columns) {
        const std::uint16_t* r = full.row(y);
        for (int x = 0; x < n; ++x) columns[x] += r[x];
    });
}

FloatImage WorkingGrid::blockMeanAbsDifference(const Image& a, const Image& b,
                                               const ExecutionPolicy& policy) const {
    if (!a.sameSize(fullWidth_, fullHeight_) || !b.sameSize(fullWidth_, fullHeight_)) {
        throw std::invalid_argument("working grid: images of another size than the grid's");
    }
    // Block by block (forEachBlock) this cost 14 ms at the reference size with 2 threads.
    const int n = fullWidth_;  // a local bound: the loop vectorises
    return columnSummedMean(policy, [&a, &b, n](int y, std::uint32_t* columns) {
        const std::uint16_t* ra = a.row(y);
        const std::uint16_t* rb = b.row(y);
        for (int x = 0; x < n; ++x) {
            columns[x] += ra[x] > rb[x] ? ra[x] - rb[x] : rb[x] - ra[x];
        }
    });
}

FloatImage WorkingGrid::blockMax(const Image& full, const ExecutionPolicy& policy) const {
    FloatImage out(width_, height_, kUnset);  // every pixel written below
    forEachBlock(out, policy, [&](int x0, int x1, int y0, int y1) {
        std::uint16_t m = 0;
        for (int y = y0; y < y1; ++y) {
            const std::uint16_t* r = full.row(y);
            for (int x = x0; x < x1; ++x) m = std::max(m, r[x]);
        }
        return static_cast<float>(m);
    });
    return out;
}

Mask WorkingGrid::blockMajorityAbove(const Image& full, std::uint16_t level,
                                     const ExecutionPolicy& policy) const {
    Mask out(width_, height_, kUnset);  // every pixel written below
    forEachBlock(out, policy, [&](int x0, int x1, int y0, int y1) {
        int above = 0;
        for (int y = y0; y < y1; ++y) {
            const std::uint16_t* r = full.row(y);
            for (int x = x0; x < x1; ++x) above += r[x] > level ? 1 : 0;
        }
        return static_cast<std::uint8_t>(2 * above > (y1 - y0) * (x1 - x0) ? 1 : 0);
    });
    return out;
}

Mask WorkingGrid::blockAny(const Mask& full, const ExecutionPolicy& policy) const {
    Mask out(width_, height_, 0);
    const int f = factor_;
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int j = 0; j < height_; ++j) {
        const int y0 = j * f;
        const int y1 = std::min(fullHeight_, y0 + f);
        for (int y = y0; y < y1; ++y) {
            const std::uint8_t* r = full.row(y);
            for (int x = 0; x < fullWidth_; ++x) {
                if (r[x] != 0) out.at(x / f, j) = 1;
            }
        }
    }
    return out;
}

Mask WorkingGrid::expand(const Mask& working, const ExecutionPolicy& policy) const {
    // Every pixel is written (no serial zero fill first). Each working row is widened once,
    // a cell's run of f pixels at a time, and copied to the f full rows it covers: a division
    // per full-resolution pixel cost more than the copies.
    Mask out(fullWidth_, fullHeight_, kUnset);
    const int f = factor_;
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int j = 0; j < height_; ++j) {
        const std::uint8_t* w = working.row(j);
        const int y0 = j * f, y1 = std::min(fullHeight_, y0 + f);
        std::uint8_t* first = out.row(y0);
        for (int i = 0, x = 0; x < fullWidth_; ++i, x += f) {
            std::fill(first + x, first + std::min(x + f, fullWidth_), w[i]);
        }
        for (int y = y0 + 1; y < y1; ++y) std::copy(first, first + fullWidth_, out.row(y));
    }
    return out;
}

Point2f WorkingGrid::toFull(Point2f p) const {
    const float f = static_cast<float>(factor_);
    const float offset = 0.5f * static_cast<float>(factor_ - 1);
    return {p.x * f + offset, p.y * f + offset};
}

Contour WorkingGrid::toFull(const Contour& c) const {
    Contour out;
    out.points.reserve(c.points.size());
    for (const Point2f& p : c.points) out.points.push_back(toFull(p));
    return out;
}

}  // namespace xrayprep::processing
