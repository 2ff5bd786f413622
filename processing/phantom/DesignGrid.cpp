#include "processing/phantom/DesignGrid.h"

namespace xrayprep::processing {

FloatImage DesignGrid::distanceTo(const Mask& set) const {
    constexpr float kFar = 1e9f;
    const float d1 = static_cast<float>(cell_), d2 = static_cast<float>(cell_ * std::sqrt(2.0));
    FloatImage d(cols_, rows_, kFar);
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            if (set.at(c, r)) d.at(c, r) = 0.0f;
        }
    }
    auto relax = [&](int c, int r, int dc, int dr, float w) {
        const int cc = c + dc, rr = r + dr;
        if (cc < 0 || rr < 0 || cc >= cols_ || rr >= rows_) return;
        d.at(c, r) = std::min(d.at(c, r), d.at(cc, rr) + w);
    };
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            relax(c, r, -1, 0, d1);
            relax(c, r, 0, -1, d1);
            relax(c, r, -1, -1, d2);
            relax(c, r, 1, -1, d2);
        }
    }
    for (int r = rows_ - 1; r >= 0; --r) {
        for (int c = cols_ - 1; c >= 0; --c) {
            relax(c, r, 1, 0, d1);
            relax(c, r, 0, 1, d1);
            relax(c, r, 1, 1, d2);
            relax(c, r, -1, 1, d2);
        }
    }
    return d;
}

}  // namespace xrayprep::processing
