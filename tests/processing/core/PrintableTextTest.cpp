// Text from files made safe for a terminal, and UTF-8 well-formedness, against hand-written
// byte sequences.
#include <gtest/gtest.h>

#include "processing/core/PrintableText.h"

namespace xrayprep::processing {
namespace {

TEST(PrintableText, ControlCharactersAndInvalidBytesAreEscaped) {
    EXPECT_EQ(printableText("1.2.3\x1B[2J\x07"), "1.2.3\\x1B[2J\\x07");
    EXPECT_EQ(printableText("a\tb\nc\x7F"), "a\\x09b\\x0Ac\\x7F");
    EXPECT_EQ(printableText("\xC2\x9B"
                            "31m"),
              "\\xC2\\x9B31m");                                // C1 CSI
    EXPECT_EQ(printableText("M\xFCller"), "M\\xFCller");       // Latin-1, not UTF-8
    EXPECT_EQ(printableText("\xE6\x97\xA5"), "\xE6\x97\xA5");  // a CJK character stays
    EXPECT_EQ(printableText("M\xC3\xBCller, 0.1 mm"), "M\xC3\xBCller, 0.1 mm");
}

TEST(PrintableText, Utf8WellFormedness) {
    EXPECT_TRUE(isValidUtf8(""));
    EXPECT_TRUE(isValidUtf8("plain"));
    EXPECT_TRUE(isValidUtf8("\xF0\x9F\x98\x80"));   // U+1F600
    EXPECT_FALSE(isValidUtf8("\xC0\xAF"));          // overlong '/'
    EXPECT_FALSE(isValidUtf8("\xED\xA0\x80"));      // a surrogate
    EXPECT_FALSE(isValidUtf8("\xF4\x90\x80\x80"));  // past U+10FFFF
    EXPECT_FALSE(isValidUtf8("\xE6\x97"));          // cut short
}

}  // namespace
}  // namespace xrayprep::processing
