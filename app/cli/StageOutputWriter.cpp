#include "app/cli/StageOutputWriter.h"

#include "io/ContourCsvWriter.h"
#include "io/MetaImageWriter.h"
#include "io/PngWriter.h"

namespace xrayprep::app {

namespace fs = std::filesystem;

StageOutputWriter::StageOutputWriter(std::vector<fs::path> protectedInputs, bool saveStages)
    : protectedInputs_(std::move(protectedInputs)), saveStages_(saveStages) {}

std::vector<std::string> StageOutputWriter::operator()(
    const fs::path& folder, const processing::PipelineResult& r,
    const processing::ImageMetadata& metadata) const {
    fs::create_directories(folder);
    std::vector<std::string> written;
    io::PngOptions png;
    png.spacing = metadata.spacing;
    auto gray16 = [&](const char* name, const processing::Image& image) {
        io::writePngGray16(folder / name, image, png, protectedInputs_);
        written.emplace_back(name);
    };
    auto mask = [&](const char* name, const processing::Mask& m) {
        io::writePngMask(folder / name, m, png, protectedInputs_);
        written.emplace_back(name);
    };
    gray16("final.png", r.final);
    mask("mask.png", r.contour.mask);
    if (saveStages_) {
        gray16("01-median.png", r.median);
        gray16("02-threshold.png", r.thresholded);
        gray16("03-sobel.png", r.sobel);
        io::writeContoursCsv(folder / "04-contours.csv", r.contour.contours, std::nullopt,
                             protectedInputs_);
        written.emplace_back("04-contours.csv");
        mask("05-mask.png", r.contour.mask);
        io::writeMetaImage(folder / "06-esf.mha", r.esf.field, metadata.spacing, protectedInputs_);
        written.emplace_back("06-esf.mha");
    }
    return written;
}

}  // namespace xrayprep::app
