#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/cli/OutputAgreement.h"

namespace xrayprep::app {
namespace {

processing::PipelineResult resultOfSize(int w, int h) {
    processing::PipelineResult r;
    r.median = processing::Image(w, h, 12);
    r.thresholded = processing::Image(w, h, 12);
    r.sobel = processing::Image(w, h, 12);
    r.final = processing::Image(w, h, 12);
    r.contour.mask = processing::Mask(w, h);
    r.esf.field = processing::FloatImage(w, h);
    return r;
}

TEST(OutputAgreement, EqualOutputsAreReportedEqual) {
    auto a = resultOfSize(20, 10);
    a.esf.field.at(3, 3) = std::numeric_limits<float>::quiet_NaN();  // same bits: equal
    const auto b = a;
    EXPECT_EQ(describeAgreement(a, b),
              "median ==, threshold ==, sobel ==, mask ==, final ==, esf ==");
}

TEST(OutputAgreement, DifferencesAreCountedWithTheMasksDice) {
    auto a = resultOfSize(20, 10);
    auto b = a;
    // Mask A: 100 pixels (rows 0-4); mask B: 80 of them (rows 0-3) and 20 others (row 9).
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 20; ++x) a.contour.mask.at(x, y) = 1;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 20; ++x) b.contour.mask.at(x, y) = 255;  // any nonzero is inside
    for (int x = 0; x < 20; ++x) b.contour.mask.at(x, 9) = 1;
    // Two median pixels differ, by 7 and by 300.
    b.median.at(0, 0) = 7;
    a.median.at(5, 5) = 300;
    // One ESF value differs by 0.5.
    b.esf.field.at(1, 1) = 0.5f;
    // The mask agrees on rows 0-3 only as "inside"; values 1 against 255 differ bit-wise.
    const std::string text = describeAgreement(a, b);
    EXPECT_NE(text.find("median differs in 2 px (max |d| 300)"), std::string::npos) << text;
    EXPECT_NE(text.find("threshold =="), std::string::npos) << text;
    // 80 px of value 1 against 255, 20 in A only, 20 in B only; Dice 2*80/(100+100) = 0.8.
    EXPECT_NE(text.find("mask differs in 120 px (max |d| 254, Dice 0.800000)"), std::string::npos)
        << text;
    EXPECT_NE(text.find("esf differs in 1 px (max |d| 0.5)"), std::string::npos) << text;
}

TEST(OutputAgreement, AnOutputOfAnotherSizeIsNamed) {
    auto a = resultOfSize(20, 10);
    auto b = a;
    b.final = processing::Image(10, 10, 12);
    EXPECT_NE(describeAgreement(a, b).find("final has another size"), std::string::npos);
}

}  // namespace
}  // namespace xrayprep::app
