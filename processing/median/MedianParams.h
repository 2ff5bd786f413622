#pragma once

namespace xrayprep::processing {

struct MedianParams {
    int size = 19;  // window side k = 2r+1, odd, 3..101 (1 = pass-through)
    bool operator==(const MedianParams&) const = default;
};

}  // namespace xrayprep::processing
