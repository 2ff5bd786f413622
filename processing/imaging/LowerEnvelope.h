#pragma once

#include <cstdint>
#include <vector>

namespace xrayprep::processing {

// f[p] at or above this means "no point" for lowerEnvelope.
inline constexpr std::int64_t kNoEnvelopePoint = static_cast<std::int64_t>(1) << 50;

// One dimension of an exact squared Euclidean distance transform: d[q] = min_p (q - p)^2 + f[p]
// over the p with f[p] < kNoEnvelopePoint (Felzenszwalb & Huttenlocher's lower envelope of
// parabolas); every d[q] is kNoEnvelopePoint where there is no such p. v and z are scratch of n
// and n + 1 entries, kept by the caller across rows.
void lowerEnvelope(const std::int64_t* f, std::int64_t* d, int n, std::vector<int>& v,
                   std::vector<double>& z);

}  // namespace xrayprep::processing
