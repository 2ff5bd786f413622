// A bright rim along a film's side, on a real film of ../shared/data/xray-foot: the mortise view
// wm05 has an edge-enhancement halo along its top edge (about 0.6 mm, brighter than the image
// inside it over air, tissue and bone). Read as it is, it closed off the soft tissue between
// tibia and fibula, which opens onto the top edge, and the whole gap was filled as a hole.
// The box below lies in that tissue (rows 100-600, columns 495-540 of the 775 x 1515 film, where
// the gap is 60-110 px wide); the tibia's shaft beside it stays in. Skips when the folder is
// absent. The rim finder itself is tested in tests/processing/contour/BorderRimsTest.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include "FilmMaskShare.h"
#include "dicom/DicomReader.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"

namespace fs = std::filesystem;

namespace {

using xrayprep::test::shareIn;

const fs::path kFilm = fs::path(XRAYPREP_SHARED_DATA_DIR).parent_path() / "xray-foot" /
                       "dev_wm05_ankle_mortise_normal.dcm";

}  // namespace

TEST(BorderRimFilm, TheTissueBetweenTibiaAndFibulaStaysOutUnderATopEdgeHalo) {
    if (!fs::exists(kFilm)) GTEST_SKIP() << "no " << kFilm.string() << " here";
    const xrayprep::dicom::LoadedImage film = xrayprep::dicom::DicomReader{}(kFilm, {});
    ASSERT_EQ(film.image.width(), 775);
    ASSERT_EQ(film.image.height(), 1515);
    xrayprep::processing::Pipeline pipeline(std::make_shared<xrayprep::processing::CpuBackend>(
        xrayprep::processing::BackendKind::OpenMP, 0));
    pipeline.setInput(film.image, film.metadata.spacing);
    const xrayprep::processing::PipelineResult& r = pipeline.run({});
    const xrayprep::processing::Mask& mask = r.contour.mask;
    EXPECT_LT(shareIn(mask, 495, 540, 100, 600), 0.05);
    EXPECT_GT(shareIn(mask, 280, 400, 100, 600), 0.95);
    const auto& d = r.contour.discarded;
    EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const std::string& s) {
        return s.rfind("rim along the top edge", 0) == 0;
    }));
}
