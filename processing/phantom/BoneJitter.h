#pragma once

#include <cstdint>

#include "processing/phantom/FootFrame.h"

namespace xrayprep::processing {

// Seeded jitter of each bone's size and position within realistic limits, and the overall bone
// scale (a child's bones are smaller in the same soft tissue). Bone i always gets the same
// jitter for a given key, whatever the order in which bones are built.
class BoneJitter {
  public:
    // No jitter: every bone exactly as written.
    BoneJitter() = default;
    BoneJitter(std::uint64_t key, double positionMm, double sizeFraction, double boneScale);

    // The frame of bone `index`, whose centre is (cu, cv) in `f`'s millimetres.
    [[nodiscard]] FootFrame frameFor(const FootFrame& f, int index, double cu, double cv) const;

  private:
    std::uint64_t key_ = 0;
    double positionMm_ = 0.0;
    double sizeFraction_ = 0.0;
    double boneScale_ = 1.0;
};

}  // namespace xrayprep::processing
