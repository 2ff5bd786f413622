#pragma once

#include <array>
#include <cstdint>

#include "processing/core/Image.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/PhantomObject.h"

namespace xrayprep::app {

// How one segmentation of one phantom did: Dice of the bone mask against the truth, and the
// pixels of each non-anatomy object left in the final image (final > 0 inside the object's own
// mask, the mask not dilated).
struct PhantomRunScore {
    double dice = 0.0;
    std::uint64_t truthPixels = 0;
    std::uint64_t maskPixels = 0;
    std::array<std::uint64_t, processing::kAllPhantomObjects.size()> leftovers{};

    [[nodiscard]] std::uint64_t leftover(processing::PhantomObject o) const {
        return leftovers[static_cast<std::size_t>(o)];
    }
    [[nodiscard]] std::uint64_t totalLeftovers() const;

    // Dice = 2|A and B| / (|A| + |B|); two empty masks agree perfectly (1).
    static double diceOf(const processing::Mask& a, const processing::Mask& b);
    static PhantomRunScore of(const processing::Phantom& phantom, const processing::Mask& mask,
                              const processing::Image& final);
};

}  // namespace xrayprep::app
