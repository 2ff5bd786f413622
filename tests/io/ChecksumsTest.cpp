#include "io/Checksums.h"

#include <gtest/gtest.h>

#include <random>
#include <string_view>

#include "IoTestSupport.h"

namespace xrayprep::io {
namespace {

std::span<const std::uint8_t> bytesOf(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

TEST(Checksums, KnownValues) {
    // The standard check values: CRC-32 of "123456789", Adler-32 of "Wikipedia".
    EXPECT_EQ(crc32(bytesOf("123456789")), 0xCBF43926u);
    EXPECT_EQ(crc32(bytesOf("")), 0u);
    EXPECT_EQ(crc32(bytesOf("IEND")), 0xAE426082u);  // the CRC ending every PNG file
    EXPECT_EQ(adler32(bytesOf("Wikipedia")), 0x11E60398u);
    EXPECT_EQ(adler32(bytesOf("")), 1u);
}

TEST(Checksums, MatchBitwiseReferenceOnRandomData) {
    std::mt19937 rng(7);
    for (std::size_t n : {1u, 3u, 4u, 5u, 63u, 5552u, 5553u, 100000u}) {
        std::vector<std::uint8_t> data(n);
        for (auto& b : data) b = static_cast<std::uint8_t>(rng());
        EXPECT_EQ(crc32(data), test::bitwiseCrc32(data.data(), n)) << n;
        EXPECT_EQ(adler32(data), test::simpleAdler32(data.data(), n)) << n;
    }
    // All 0xFF stresses Adler-32's delayed reduction.
    std::vector<std::uint8_t> ones(200000, 0xFF);
    EXPECT_EQ(adler32(ones), test::simpleAdler32(ones.data(), ones.size()));
}

TEST(Checksums, ContinueAcrossPieces) {
    std::vector<std::uint8_t> data(1000);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7);
    const auto whole = std::span<const std::uint8_t>(data);
    EXPECT_EQ(crc32(whole.subspan(333), crc32(whole.first(333))), crc32(whole));
    EXPECT_EQ(adler32(whole.subspan(333), adler32(whole.first(333))), adler32(whole));
}

}  // namespace
}  // namespace xrayprep::io
