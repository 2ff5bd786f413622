#pragma once

#include <cstdint>

namespace xrayprep::processing::phantom_noise {

// Integer hashing instead of a sequential random stream: every pixel's noise depends only on
// (seed, stream, x, y), so rows can be generated in any order and by any number of threads,
// and the result does not depend on a standard library's distributions.

inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Independent streams for independent uses (pixel noise, salt-and-pepper, smooth fields).
enum class Stream : std::uint32_t {
    PixelNoise = 1,
    SaltPepper = 2,
    SmoothField = 3,
    Anatomy = 4,  // projection model: pose and bone jitter
    Layout = 5,   // projection model: where the objects sit
    Texture = 6,  // projection model: slow fields (bone mottle, platform grain)
};

inline std::uint64_t streamKey(std::uint64_t seed, Stream stream) {
    return splitmix64(seed * 0x100000001B3ull + static_cast<std::uint64_t>(stream));
}

inline std::uint64_t pointHash(std::uint64_t key, int x, int y) {
    const std::uint64_t packed = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(y)) << 32) |
                                 static_cast<std::uint32_t>(x);
    return splitmix64(key ^ splitmix64(packed));
}

// Approximately standard normal: the sum of four 16-bit uniforms (Irwin-Hall), centred and
// scaled. Bounded at about +-3.46 sigma, which keeps the noise tails of neighbouring tissue
// classes from overlapping. Exact integer arithmetic up to the final scaling.
inline double gaussianish(std::uint64_t h) {
    const std::uint64_t sum =
        (h & 0xFFFFu) + ((h >> 16) & 0xFFFFu) + ((h >> 32) & 0xFFFFu) + ((h >> 48) & 0xFFFFu);
    constexpr double kMean = 2.0 * 65535.0;
    constexpr double kSigma = 37837.2;  // sqrt(4 * (65536^2 - 1) / 12)
    return (static_cast<double>(sum) - kMean) / kSigma;
}

// Uniform in [0, 1) with 53 bits.
inline double uniform01(std::uint64_t h) {
    return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace xrayprep::processing::phantom_noise
