#include "processing/esf/ShapeRuns.h"

namespace xrayprep::processing::esf {

ShapeRuns::ShapeRuns(const Mask& shape) : width_(shape.width()), height_(shape.height()) {
    rowStart_.reserve(static_cast<std::size_t>(height_) + 1);
    rowStart_.push_back(0);
    for (int y = 0; y < height_; ++y) {
        const auto* row = shape.row(y);
        int x = 0;
        while (x < width_) {
            if (row[x] == 0) {
                ++x;
                continue;
            }
            const int begin = x;
            while (x < width_ && row[x] != 0) ++x;
            runs_.push_back({begin, x});
        }
        rowStart_.push_back(static_cast<int>(runs_.size()));
    }
}

RowSpan ShapeRuns::hull(int y) const {
    const auto runs = row(y);
    if (runs.empty()) return {};
    return {runs.front().begin, runs.back().end};
}

}  // namespace xrayprep::processing::esf
