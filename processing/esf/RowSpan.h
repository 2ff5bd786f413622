#pragma once

#include <algorithm>

namespace xrayprep::processing::esf {

// Half-open column range [begin, end) of one image row; empty when begin >= end.
struct RowSpan {
    int begin = 0;
    int end = 0;

    [[nodiscard]] bool empty() const { return begin >= end; }
    bool operator==(const RowSpan&) const = default;

    [[nodiscard]] static RowSpan unite(RowSpan a, RowSpan b) {
        if (a.empty()) return b;
        if (b.empty()) return a;
        return {std::min(a.begin, b.begin), std::max(a.end, b.end)};
    }
};

}  // namespace xrayprep::processing::esf
