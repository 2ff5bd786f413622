#include "app/cli/PhantomRunScore.h"

#include <stdexcept>

namespace xrayprep::app {

std::uint64_t PhantomRunScore::totalLeftovers() const {
    std::uint64_t sum = 0;
    for (std::uint64_t n : leftovers) sum += n;
    return sum;
}

double PhantomRunScore::diceOf(const processing::Mask& a, const processing::Mask& b) {
    if (!a.sameSize(b)) throw std::invalid_argument("Dice of masks of different sizes");
    std::uint64_t both = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool x = a.data()[i] != 0, y = b.data()[i] != 0;
        na += x;
        nb += y;
        both += x && y;
    }
    return na + nb == 0 ? 1.0 : 2.0 * static_cast<double>(both) / static_cast<double>(na + nb);
}

PhantomRunScore PhantomRunScore::of(const processing::Phantom& ph, const processing::Mask& mask,
                                    const processing::Image& final) {
    if (!mask.sameSize(ph.truth) || !final.sameSize(ph.truth)) {
        throw std::invalid_argument("the mask and the final image must have the phantom's size");
    }
    PhantomRunScore s;
    s.dice = diceOf(mask, ph.truth);
    for (std::size_t i = 0; i < mask.size(); ++i) {
        s.truthPixels += ph.truth.data()[i] != 0;
        s.maskPixels += mask.data()[i] != 0;
    }
    for (std::size_t k = 0; k < processing::kAllPhantomObjects.size(); ++k) {
        const processing::Mask& object = objectMask(ph, processing::kAllPhantomObjects[k]);
        std::uint64_t n = 0;
        for (std::size_t i = 0; i < object.size(); ++i) {
            n += object.data()[i] != 0 && final.data()[i] > 0;
        }
        s.leftovers[k] = n;
    }
    return s;
}

}  // namespace xrayprep::app
