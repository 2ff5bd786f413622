// The contact sheet's layout and labels, and the export report's fields.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "exports/ContactSheet.h"
#include "exports/ExportReport.h"

namespace xrayprep::exports {
namespace {

using processing::StageId;

// A small result with every stage "run": a bright disc, its mask, a linear ESF.
struct Fixture {
    processing::Image original{200, 100, 12};
    processing::PipelineResult result;
    Fixture() {
        for (int y = 0; y < 100; ++y) {
            for (int x = 0; x < 200; ++x) {
                const bool in = (x - 100) * (x - 100) + (y - 50) * (y - 50) < 900;
                original.at(x, y) = static_cast<std::uint16_t>(in ? 3000 : 200 + x);
            }
        }
        result.median = original;
        result.thresholded = original;
        result.sobel = original;
        result.final = original;
        result.contour.mask = processing::Mask(200, 100, 0);
        result.esf.field = processing::FloatImage(200, 100, 0.0F);
        for (int x = 0; x < 200; ++x) result.esf.field.at(x, 10) = x / 199.0F;
        processing::Contour c;
        for (int i = 0; i < 64; ++i) {
            c.points.push_back({100 + 30 * std::cos(i * 0.1F), 50 + 30 * std::sin(i * 0.1F)});
        }
        result.contour.contours = {c};
        for (StageId s : processing::kAllStages)
            result.milliseconds[processing::stageIndex(s)] = 1.5;
        result.milliseconds[processing::stageIndex(StageId::Esf)].reset();  // not run
    }
};

int countColour(const io::RgbImage& image, io::Rgb8 colour, int x0, int y0, int w, int h) {
    int n = 0;
    for (int y = y0; y < y0 + h; ++y) {
        for (int x = x0; x < x0 + w; ++x) n += image.at(x, y) == colour ? 1 : 0;
    }
    return n;
}

TEST(ContactSheet, FourByTwoTilesWithLabelsAndContours) {
    Fixture f;
    ContactSheetOptions options;
    options.tileWidth = 160;
    options.title = "sample";
    const io::RgbImage sheet = renderContactSheet(f.original, f.result, options);
    const int tileHeight = 80, label = 2 * 18 + 4;
    EXPECT_EQ(sheet.width(), 4 * (160 + 8) + 8);
    EXPECT_EQ(sheet.height(), 2 * (tileHeight + label + 8) + 8);
    // Label text (light gray) in every label bar.
    for (int i = 0; i < 7; ++i) {
        const int x = 8 + (i % 4) * 168, y = 8 + (i / 4) * (tileHeight + label + 8) + tileHeight;
        EXPECT_GT(countColour(sheet, {235, 235, 235}, x, y, 160, label), 50) << "tile " << i;
    }
    // The contour tile (5th: second row, first column) has the overlay colour.
    const int row2 = 8 + tileHeight + label + 8;
    EXPECT_GT(countColour(sheet, {255, 70, 40}, 8, row2, 160, tileHeight), 40);
    EXPECT_EQ(countColour(sheet, {255, 70, 40}, 8, 8, 160, tileHeight), 0);
    // The original tile: the disc is brighter than the background.
    EXPECT_GT(sheet.at(8 + 80, 8 + 40).r, sheet.at(8 + 5, 8 + 40).r);
    // ESF was not run: its tile is background apart from "NOT RUN".
    EXPECT_EQ(sheet.at(8 + 2 * 168 + 3, row2 + 3), (io::Rgb8{24, 24, 28}));
}

// The median tile names the window the run used: the parameter may be 0 (from sizeMm).
TEST(ContactSheet, MedianLabelShowsTheWindowTheRunUsed) {
    ContactSheetOptions options;
    options.tileWidth = 160;
    const auto labelBar = [&](int parameter, int used) {
        Fixture f;
        f.result.parameters.median.size = parameter;
        f.result.medianSize = used;
        const io::RgbImage sheet = renderContactSheet(f.original, f.result, options);
        std::vector<io::Rgb8> bar;
        for (int y = 8 + 80; y < 8 + 80 + 40; ++y) {
            for (int x = 8 + 168; x < 8 + 168 + 160; ++x) bar.push_back(sheet.at(x, y));
        }
        return bar;
    };
    const auto resolved = labelBar(0, 13);
    EXPECT_EQ(resolved, labelBar(13, 0));  // drawn as "13X13", as a fixed window of 13 is
    EXPECT_NE(resolved, labelBar(0, 0));   // not "0X0"
    EXPECT_NE(resolved, labelBar(0, 7));
}

TEST(ContactSheet, RejectsBadOptions) {
    Fixture f;
    ContactSheetOptions options;
    options.tileWidth = 10;
    EXPECT_THROW((void)renderContactSheet(f.original, f.result, options), std::invalid_argument);
    EXPECT_THROW((void)renderContactSheet(processing::Image(), f.result), std::invalid_argument);
}

TEST(ExportReport, CarriesVersionsChecksumTimesParametersAndMesh) {
    Fixture f;
    processing::ImageMetadata metadata;
    metadata.spacing = processing::PixelSpacing{0.1, 0.2, "PixelSpacing"};
    ExportReportContext context;
    context.input = "foot.dcm";
    context.inputSha256 = std::string(64, 'a');
    context.backend = "serial";
    context.dcmtkVersion = "3.6.7";
    context.mesh = processing::MeshParams{};
    context.outputs = {"mesh.stl"};
    const auto j = exportReportJson(context, f.original, metadata, f.result);
    EXPECT_EQ(j.at("versions").at("xrayprep").get<std::string>(), XRAYPREP_VERSION);
    EXPECT_FALSE(j.at("versions").at("compiler").get<std::string>().empty());
    EXPECT_EQ(j.at("versions").at("dcmtk").get<std::string>(), "3.6.7");
    EXPECT_EQ(j.at("input").at("sha256").get<std::string>(), std::string(64, 'a'));
    EXPECT_EQ(j.at("input").at("spacing").at("y").get<double>(), 0.2);
    EXPECT_EQ(j.at("backend").get<std::string>(), "serial");
    EXPECT_EQ(j.at("milliseconds").at("median").get<double>(), 1.5);
    EXPECT_TRUE(j.at("milliseconds").at("esf").is_null());
    EXPECT_EQ(j.at("parameters").at("median.sizeMm").get<double>(), 2.0);
    EXPECT_EQ(j.at("mesh").at("mesh.mode").get<std::string>(), "inflate");
    EXPECT_EQ(j.at("mesh").at("mesh.thickness").get<double>(), 10.0);
    EXPECT_EQ(j.at("outputs").size(), 1u);
}

TEST(ExportReport, CarriesTheMasksQualityChecksOnceTheMaskStageRan) {
    Fixture f;
    f.result.quality.checks = {{"empty", false, 0.0, 0.002, "mask is empty"},
                               {"border", true, 0.1, 0.3, "mask does not touch the image edges"}};
    const auto j = exportReportJson({}, f.original, {}, f.result);
    ASSERT_TRUE(j.contains("quality"));
    const processing::Json& q = j.at("quality");
    EXPECT_EQ(q.at("status").get<std::string>(), "needs-review");
    const auto& checks = q.at("checks");
    ASSERT_EQ(checks.size(), 2u);
    EXPECT_EQ(checks[0].at("id").get<std::string>(), "empty");
    EXPECT_FALSE(checks[0].at("passed").get<bool>());
    EXPECT_EQ(checks[0].at("limit").get<double>(), 0.002);
    EXPECT_EQ(checks[1].at("message").get<std::string>(), "mask does not touch the image edges");
    f.result.milliseconds[processing::stageIndex(StageId::Mask)].reset();
    EXPECT_FALSE(exportReportJson({}, f.original, {}, f.result).contains("quality"));
}

TEST(ContactSheet, AnyAspectFitsTheSameBoxes) {
    // Issue 14 D3: the tile height followed the aspect, so a 1 x 500 image made a 1960 x 480104
    // sheet (8.3 GB). Every picture now fits a tileWidth-square box; the sheet's size is bounded.
    const int boxes = 4 * (480 + 8) + 8;
    const int label = 2 * 18 + 4;
    for (const auto& [w, h] : {std::pair{1, 500}, std::pair{20, 4000}, std::pair{1, 16384},
                               std::pair{500, 1}, std::pair{300, 300}}) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
        processing::Image image(w, h, 12, 1000);
        processing::PipelineResult result;
        result.median = image;
        result.contour.contours = {processing::Contour{{{0, 0}, {0, float(h - 1)}}}};
        result.milliseconds[processing::stageIndex(StageId::Median)] = 1.0;
        result.milliseconds[processing::stageIndex(StageId::Contour)] = 1.0;
        const io::RgbImage sheet = renderContactSheet(image, result, {});
        EXPECT_EQ(sheet.width(), boxes);
        EXPECT_LE(sheet.height(), 2 * (480 + label + 8) + 8);
        EXPECT_GE(sheet.height(), 2 * (1 + label + 8) + 8);
    }
}

}  // namespace
}  // namespace xrayprep::exports
