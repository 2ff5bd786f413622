// SHA-256 against the FIPS 180-4 / NIST example digests.
#include <gtest/gtest.h>

#include <string>

#include "IoTestSupport.h"
#include "io/AtomicFile.h"
#include "io/Sha256.h"

namespace xrayprep::io {
namespace {

std::string digest(const std::string& text) {
    return sha256Hex(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

TEST(Sha256, NistExamples) {
    EXPECT_EQ(digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(digest(std::string(1000000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, OfAFileEqualsOfItsBytesAcrossBlockBoundaries) {
    test_support::TempDir dir;
    std::string text;
    for (int i = 0; i < 200000; ++i) text += static_cast<char>(i * 7 + i / 256);
    writeFileAtomically(dir / "f.bin", text);
    EXPECT_EQ(sha256HexOfFile(dir / "f.bin"), digest(text));
    EXPECT_THROW((void)sha256HexOfFile(dir / "missing"), std::runtime_error);
}

}  // namespace
}  // namespace xrayprep::io
