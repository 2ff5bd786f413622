#include "io/ContourCsvWriter.h"

#include <gtest/gtest.h>

#include <clocale>

#include "IoTestSupport.h"

namespace xrayprep::io {
namespace {

using processing::Contour;
using processing::PixelSpacing;

const std::vector<Contour> kContours = {
    Contour{{{10.0f, 20.5f}, {11.25f, 20.0f}, {0.0f, 0.0f}}},
    Contour{{{1234.5f, 0.125f}}},
};

TEST(ContourCsv, PixelsOnlyWhenSpacingUnknown) {
    EXPECT_EQ(formatContoursCsv(kContours, std::nullopt),
              "contour,x,y\n"
              "0,10.000,20.500\n"
              "0,11.250,20.000\n"
              "0,0.000,0.000\n"
              "1,1234.500,0.125\n");
}

TEST(ContourCsv, MillimetreColumnsWithSpacing) {
    // x_mm = x * 0.1, y_mm = y * 0.2, printed with three decimals.
    EXPECT_EQ(formatContoursCsv(kContours, PixelSpacing{0.1, 0.2, "PixelSpacing"}),
              "contour,x,y,x_mm,y_mm\n"
              "0,10.000,20.500,1.000,4.100\n"
              "0,11.250,20.000,1.125,4.000\n"
              "0,0.000,0.000,0.000,0.000\n"
              "1,1234.500,0.125,123.450,0.025\n");
}

TEST(ContourCsv, EmptyListHasOnlyTheHeader) {
    EXPECT_EQ(formatContoursCsv({}, std::nullopt), "contour,x,y\n");
    EXPECT_EQ(formatContoursCsv({Contour{}}, std::nullopt), "contour,x,y\n");
}

TEST(ContourCsv, IgnoresDecimalCommaLocale) {
    // A GUI may switch the C locale to one with a decimal comma; the CSV must not change.
    const std::string previous = std::setlocale(LC_NUMERIC, nullptr);
    if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8") && !std::setlocale(LC_NUMERIC, "fr_FR.UTF-8")) {
        GTEST_SKIP() << "no decimal-comma locale installed";
    }
    const std::string csv = formatContoursCsv(kContours, std::nullopt);
    std::setlocale(LC_NUMERIC, previous.c_str());
    EXPECT_EQ(csv.substr(0, 28), "contour,x,y\n0,10.000,20.500");
}

TEST(ContourCsv, WritesFileAndRefusesInput) {
    test::TempDir dir;
    writeContoursCsv(dir / "contours.csv", kContours, std::nullopt);
    const auto bytes = test::fileBytes(dir / "contours.csv");
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), formatContoursCsv(kContours, std::nullopt));
    EXPECT_THROW(
        writeContoursCsv(dir / "contours.csv", kContours, std::nullopt, {dir / "contours.csv"}),
        std::runtime_error);
}

}  // namespace
}  // namespace xrayprep::io
