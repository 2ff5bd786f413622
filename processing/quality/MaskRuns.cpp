#include "processing/quality/MaskRuns.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

#include "processing/core/TeamPosition.h"

namespace xrayprep::processing {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighs = 0x8080808080808080ULL;

// Eight pixels as one word, the first pixel in the lowest byte whatever the byte order, so
// that the lowest flagged bit below is the first such pixel.
std::uint64_t load8(const std::uint8_t* p) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, sizeof w);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    return w;
}

// The high bit of each zero byte of w, and possibly of nonzero bytes above a zero one (a
// borrow): the lowest bit set always marks the first zero byte (the classic bit trick), and
// the word is 0 exactly when no byte is zero.
std::uint64_t zeroBytes(std::uint64_t w) { return (w - kOnes) & ~w & kHighs; }

// The index of the byte that holds the lowest bit set of w (w != 0).
int firstByte(std::uint64_t w) { return std::countr_zero(w) / 8; }

// The first column >= x whose pixel is set, or width. Most of a radiograph's mask is long
// stretches of zeros or of set pixels: 32 bytes are skipped per step, and the transition is
// located inside its word without a loop over bytes.
int nextSet(const std::uint8_t* row, int x, int width) {
    while (x + 32 <= width &&
           (load8(row + x) | load8(row + x + 8) | load8(row + x + 16) | load8(row + x + 24)) == 0) {
        x += 32;
    }
    for (; x + 8 <= width; x += 8) {
        const std::uint64_t w = load8(row + x);
        if (w != 0) return x + firstByte(w);
    }
    while (x < width && row[x] == 0) ++x;
    return x;
}

// The first column >= x whose pixel is zero, or width.
int nextUnset(const std::uint8_t* row, int x, int width) {
    while (x + 32 <= width &&
           (zeroBytes(load8(row + x)) | zeroBytes(load8(row + x + 8)) |
            zeroBytes(load8(row + x + 16)) | zeroBytes(load8(row + x + 24))) == 0) {
        x += 32;
    }
    for (; x + 8 <= width; x += 8) {
        const std::uint64_t z = zeroBytes(load8(row + x));
        if (z != 0) return x + firstByte(z);
    }
    while (x < width && row[x] != 0) ++x;
    return x;
}

// Appends the runs of one row.
void appendRowRuns(const std::uint8_t* row, int width, std::vector<PixelRun>& runs) {
    int x = nextSet(row, 0, width);
    while (x < width) {
        const int end = nextUnset(row, x, width);
        runs.push_back({x, end});
        x = nextSet(row, end, width);
    }
}

}  // namespace

MaskRuns::MaskRuns(int width, int height) : width_(width), height_(height) {
    if (width < 0 || height < 0) throw std::invalid_argument("mask runs: negative image size");
    rowStart_.assign(static_cast<std::size_t>(height) + 1, 0);
}

void MaskRuns::checkSize(const Mask& mask) const {
    if (!mask.empty() && !mask.sameSize(width_, height_)) {
        throw std::invalid_argument("mask runs: the mask is " + std::to_string(mask.width()) + "x" +
                                    std::to_string(mask.height()) + ", the image " +
                                    std::to_string(width_) + "x" + std::to_string(height_));
    }
}

MaskRuns::MaskRuns(const Mask& mask, int width, int height, const ExecutionPolicy& policy)
    : MaskRuns(width, height) {
    checkSize(mask);
    if (mask.empty()) return;  // nothing set
    const Mask* masks[] = {&mask};
    MaskRuns* runs[] = {this};
    read(masks, runs, policy);
}

std::pair<MaskRuns, MaskRuns> MaskRuns::readPair(const Mask& first, const Mask& second, int width,
                                                 int height, const ExecutionPolicy& policy) {
    std::pair<MaskRuns, MaskRuns> out{MaskRuns(width, height), MaskRuns(width, height)};
    out.first.checkSize(first);
    out.second.checkSize(second);
    if (first.empty() && second.empty()) return out;
    const Mask* masks[] = {&first, &second};
    MaskRuns* runs[] = {&out.first, &out.second};
    read(masks, runs, policy);
    return out;
}

void MaskRuns::read(std::span<const Mask* const> masks, std::span<MaskRuns* const> runs,
                    const ExecutionPolicy& policy) {
    // Each thread reads one contiguous band of rows of every mask. The first band's runs go
    // straight into runs_ (with one thread, nothing is copied); the others into a list of
    // their own, copied behind the bands before them once every band's count is known. The
    // runs, offsets and area are therefore the same for any number of threads.
    struct Bands {
        std::vector<std::vector<PixelRun>> runs;  // bands 1 .. team - 1
        std::vector<std::size_t> start;           // team + 1: where each band's runs go
        std::vector<std::int64_t> area;           // per band
    };
    std::vector<Bands> bands(masks.size());
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        const TeamPosition position = teamPosition();
        const int team = position.size, me = position.index;
        const auto teamSize = static_cast<std::size_t>(team);
        const auto band = static_cast<std::size_t>(me);
#pragma omp single
        for (Bands& b : bands) {
            b.runs.resize(teamSize - 1);
            b.start.assign(teamSize + 1, 0);
            b.area.assign(teamSize, 0);
        }
        for (std::size_t k = 0; k < masks.size(); ++k) {
            const Mask& mask = *masks[k];
            MaskRuns& r = *runs[k];
            if (mask.empty()) continue;  // nothing set: every row start stays 0
            const int y0 = static_cast<int>(static_cast<std::int64_t>(r.height_) * me / team);
            const int y1 = static_cast<int>(static_cast<std::int64_t>(r.height_) * (me + 1) / team);
            std::vector<PixelRun>& out = me == 0 ? r.runs_ : bands[k].runs[band - 1];
            std::int64_t area = 0;
            for (int y = y0; y < y1; ++y) {
                const std::size_t first = out.size();
                r.rowStart_[static_cast<std::size_t>(y)] = first;
                appendRowRuns(mask.row(y), r.width_, out);
                for (std::size_t i = first; i < out.size(); ++i) area += out[i].length();
            }
            bands[k].start[band + 1] = out.size();
            bands[k].area[band] = area;
        }
#pragma omp barrier
#pragma omp single
        for (std::size_t k = 0; k < masks.size(); ++k) {
            std::vector<std::size_t>& start = bands[k].start;
            for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
            runs[k]->runs_.resize(start.back());
            runs[k]->rowStart_[static_cast<std::size_t>(runs[k]->height_)] = start.back();
            for (const std::int64_t a : bands[k].area) runs[k]->area_ += a;
        }
        if (me > 0) {
            for (std::size_t k = 0; k < masks.size(); ++k) {
                if (masks[k]->empty()) continue;
                MaskRuns& r = *runs[k];
                const std::size_t base = bands[k].start[band];
                const auto& mine = bands[k].runs[band - 1];
                std::copy(mine.begin(), mine.end(),
                          r.runs_.begin() + static_cast<std::ptrdiff_t>(base));
                const int y0 = static_cast<int>(static_cast<std::int64_t>(r.height_) * me / team);
                const int y1 =
                    static_cast<int>(static_cast<std::int64_t>(r.height_) * (me + 1) / team);
                for (int y = y0; y < y1; ++y) r.rowStart_[static_cast<std::size_t>(y)] += base;
            }
        }
    }
}

std::span<const PixelRun> MaskRuns::row(int y) const {
    const std::size_t first = rowStart_[static_cast<std::size_t>(y)];
    return {runs_.data() + first, rowStart_[static_cast<std::size_t>(y) + 1] - first};
}

}  // namespace xrayprep::processing
