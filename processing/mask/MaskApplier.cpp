#include "processing/mask/MaskApplier.h"

#include <cstddef>
#include <stdexcept>

namespace xrayprep::processing {

Image MaskApplier::operator()(const Image& original, const Mask& mask,
                              const ExecutionPolicy& policy) const {
    if (!mask.sameSize(original)) {
        throw std::invalid_argument("mask size " + std::to_string(mask.width()) + "x" +
                                    std::to_string(mask.height()) + " differs from image size " +
                                    std::to_string(original.width()) + "x" +
                                    std::to_string(original.height()));
    }
    Image out = makeUnsetImageLike(original);
    const std::uint16_t* in = original.data();
    const std::uint8_t* m = mask.data();
    std::uint16_t* o = out.data();
    const auto n = static_cast<std::ptrdiff_t>(original.size());
#pragma omp parallel for num_threads(policy.threads) if (policy.parallel()) schedule(static)
    for (std::ptrdiff_t i = 0; i < n; ++i) o[i] = m[i] ? in[i] : std::uint16_t{0};
    return out;
}

}  // namespace xrayprep::processing
