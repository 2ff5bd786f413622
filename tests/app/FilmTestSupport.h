#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include "dicom/DicomReader.h"
#include "processing/core/Raster.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::test {

// Tests on the real films of ../shared (skipped where it is absent), which have no ground
// truth: boxes drawn by looking at them.

// A file of ../shared/data, e.g. sharedData("xray-foot/dev_fl01_lat_wb_normal_14L.dcm").
inline std::filesystem::path sharedData(const std::filesystem::path& relative) {
    return std::filesystem::path(XRAYPREP_SHARED_DATA_DIR).parent_path() / relative;
}

// The pipeline's result on a film with default parameters (OpenMP, all cores), after checking
// that the film has the size the test's boxes were drawn for.
inline processing::PipelineResult runOnFilm(const std::filesystem::path& file, int width,
                                            int height) {
    const dicom::LoadedImage film = dicom::DicomReader{}(file, {});
    EXPECT_EQ(film.image.width(), width);
    EXPECT_EQ(film.image.height(), height);
    processing::Pipeline pipeline(
        std::make_shared<processing::CpuBackend>(processing::BackendKind::OpenMP, 0));
    pipeline.setInput(film.image, film.metadata.spacing, {}, film.metadata.codingErrorBound);
    return pipeline.run({});
}

// The share of the pixels of the box [x0, x1) x [y0, y1) that the mask holds.
inline double shareIn(const processing::Mask& m, int x0, int x1, int y0, int y1) {
    std::int64_t n = 0, in = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            ++n;
            in += m.at(x, y) != 0 ? 1 : 0;
        }
    }
    return n == 0 ? 0.0 : static_cast<double>(in) / static_cast<double>(n);
}

}  // namespace xrayprep::test
