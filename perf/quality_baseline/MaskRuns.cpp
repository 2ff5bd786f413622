// A copy of processing/quality/MaskRuns.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/MaskRuns.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace xrayprep::processing::baseline {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighs = 0x8080808080808080ULL;

std::uint64_t load8(const std::uint8_t* p) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// Whether one of the eight bytes is zero (the classic bit trick: exact for any byte values).
bool hasZeroByte(std::uint64_t w) { return ((w - kOnes) & ~w & kHighs) != 0; }

// Appends the runs of one row. Eight pixels at a time are skipped while they all agree with
// the state (all zero outside a run, all set inside one): most of a radiograph's mask is one
// or the other.
void appendRowRuns(const std::uint8_t* row, int width, std::vector<PixelRun>& runs) {
    int x = 0;
    bool inside = false;
    int begin = 0;
    while (x < width) {
        if (x + 8 <= width) {
            const std::uint64_t w = load8(row + x);
            if ((!inside && w == 0) || (inside && !hasZeroByte(w))) {
                x += 8;
                continue;
            }
        }
        const bool set = row[x] != 0;
        if (set != inside) {
            if (set) {
                begin = x;
            } else {
                runs.push_back({begin, x});
            }
            inside = set;
        }
        ++x;
    }
    if (inside) runs.push_back({begin, width});
}

}  // namespace

MaskRuns::MaskRuns(const Mask& mask, int width, int height) : width_(width), height_(height) {
    if (width < 0 || height < 0) throw std::invalid_argument("mask runs: negative image size");
    if (!mask.empty() && !mask.sameSize(width, height)) {
        throw std::invalid_argument("mask runs: the mask is " + std::to_string(mask.width()) + "x" +
                                    std::to_string(mask.height()) + ", the image " +
                                    std::to_string(width) + "x" + std::to_string(height));
    }
    rowStart_.assign(static_cast<std::size_t>(height) + 1, 0);
    for (int y = 0; y < height; ++y) {
        rowStart_[static_cast<std::size_t>(y)] = runs_.size();
        if (!mask.empty()) appendRowRuns(mask.row(y), width, runs_);
    }
    rowStart_[static_cast<std::size_t>(height)] = runs_.size();
    for (const PixelRun& r : runs_) area_ += r.length();
}

std::span<const PixelRun> MaskRuns::row(int y) const {
    const std::size_t first = rowStart_[static_cast<std::size_t>(y)];
    return {runs_.data() + first, rowStart_[static_cast<std::size_t>(y) + 1] - first};
}

}  // namespace xrayprep::processing::baseline
