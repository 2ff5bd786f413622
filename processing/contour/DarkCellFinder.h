#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct DarkCellSettings {
    int crossPx = 4;       // an edge band is crossed within this many pixels
    int flankPx = 6;       // what lies beyond stays brighter over this many pixels
    int minVotes = 10;     // a cell's votes needed to judge it
    double share = 0.8;    // the part of the votes that must say brighter
    double balance = 0.2;  // ... or, across edges, this part of them from opposite sides
};

// One cell pixel's votes (DarkCellFinder): per direction (+x, -x, +y, -y), whether it looks
// across an edge at something brighter; how many directions look across an edge; how many
// look straight at open tissue, and of those how many see it brighter.
struct DarkCellVotes {
    std::array<std::uint8_t, 4> acrossEdge{};
    std::uint8_t edgeCast = 0;
    std::uint8_t openCast = 0;
    std::uint8_t openBrighter = 0;
};

// A cell's votes summed.
struct DarkCellTotals {
    std::array<std::int64_t, 4> acrossEdge{};
    std::int64_t edgeCast = 0;
    std::int64_t openCast = 0;
    std::int64_t openBrighter = 0;
    template <typename Votes>  // DarkCellVotes or DarkCellTotals
    void add(const Votes& v) {
        for (std::size_t k = 0; k < acrossEdge.size(); ++k) acrossEdge[k] += v.acrossEdge[k];
        edgeCast += v.edgeCast;
        openCast += v.openCast;
        openBrighter += v.openBrighter;
    }
};

// The cells of the bone candidates that are darker than the bones beside them: soft tissue
// between two bones that stand out of thick tissue only a little (the tissue between a faint
// fibula and the tibia of a child's leg, whose middle is as bright as the bone level the tissue
// beside the skin sets; the tissue between a child's toes). A cell is a 4-connected piece of
// `candidate` minus `edges`. Each cell pixel votes in each of the four directions in which its
// neighbour is an edge or `open` tissue (the tissue the skin reaches): across the edge band
// (at most crossPx pixels of edges), or from that tissue pixel, does `image` stay above the
// pixel's inside neighbour over flankPx pixels (leaving the anatomy is not brighter)? A cell is
// dark when at least minVotes votes are cast and either `share` of all of them say brighter,
// or `share` of those across edges do and at least `balance` of those come from opposite
// sides (min(+x, -x) + min(+y, -y)): a valley between two bones, whatever open tissue lies at
// its ends. A bone's cell looks across its outline at darker tissue; a cell inside a cortex's
// bright line looks across the line at the tissue beyond (the flank ends at the line); the
// strip of a bone beside the part another bone overlaps sees the overlap brighter, but from
// one side only, and the open tissue on the other. Votes are integers per pixel, summed per
// cell: exact for every schedule.
class DarkCellFinder {
  public:
    [[nodiscard]] Mask operator()(const FloatImage& image, const Mask& candidate, const Mask& edges,
                                  const Mask& anatomy, const Mask& open,
                                  const DarkCellSettings& settings,
                                  const ExecutionPolicy& policy) const;
};

// The rule on a cell's summed votes (DarkCellFinder); the CUDA backend judges the same way.
[[nodiscard]] bool isDarkCell(const DarkCellTotals& totals, const DarkCellSettings& s);

}  // namespace xrayprep::processing
