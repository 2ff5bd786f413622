#include "io/ZlibStream.h"

#include <gtest/gtest.h>

#include <random>

#include "IoTestSupport.h"

namespace xrayprep::io {
namespace {

std::vector<std::uint8_t> randomBytes(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> v(n);
    for (auto& b : v) b = static_cast<std::uint8_t>(rng() % 7);  // compressible
    return v;
}

TEST(ZlibStream, LevelZeroIsStoredBlocksAnIndependentReaderParses) {
    for (std::size_t n : {0u, 1u, 65535u, 65536u, 200000u}) {
        const auto data = randomBytes(n, static_cast<unsigned>(n));
        EXPECT_EQ(test::inflateStoredOnly(zlibCompress(data, 0)), data) << n;
    }
}

TEST(ZlibStream, RoundTripsAtEveryLevel) {
    const auto data = randomBytes(300000, 3);
    for (int level = 0; level <= 9; ++level) {
        const auto stream = zlibCompress(data, level);
        if (level > 0) {
            EXPECT_LT(stream.size(), data.size() / 2) << level;
        }
        EXPECT_EQ(zlibDecompress(stream, data.size()), data) << level;
    }
}

TEST(ZlibStream, RejectsCorruptOrMisSizedStreams) {
    const auto data = randomBytes(5000, 4);
    for (int level : {0, 1}) {
        auto stream = zlibCompress(data, level);
        EXPECT_THROW((void)zlibDecompress(stream, data.size() + 1), std::runtime_error);
        EXPECT_THROW((void)zlibDecompress(stream, data.size() - 1), std::runtime_error);
        stream.back() ^= 0x01;  // Adler-32
        EXPECT_THROW((void)zlibDecompress(stream, data.size()), std::runtime_error);
        stream.resize(stream.size() / 2);
        EXPECT_THROW((void)zlibDecompress(stream, data.size()), std::runtime_error);
    }
    EXPECT_THROW((void)zlibCompress(data, 10), std::invalid_argument);
}

}  // namespace
}  // namespace xrayprep::io
