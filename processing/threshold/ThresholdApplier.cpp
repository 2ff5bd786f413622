#include "processing/threshold/ThresholdApplier.h"

#include <cstddef>

namespace xrayprep::processing {

Image ThresholdApplier::operator()(const Image& input, std::uint16_t cutValue,
                                   const ExecutionPolicy& policy) const {
    Image out = makeUnsetImageLike(input);
    const std::uint16_t* in = input.data();
    std::uint16_t* o = out.data();
    const auto n = static_cast<std::ptrdiff_t>(input.size());
#pragma omp parallel for num_threads(policy.threads) if (policy.parallel()) schedule(static)
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        o[i] = in[i] <= cutValue ? std::uint16_t{0} : in[i];
    }
    return out;
}

}  // namespace xrayprep::processing
