// The contour stage's default method (regions) on the CUDA backend against the serial CPU
// backend through the public stage interface: the whole ContourResult (mask, anatomy, outlines,
// discarded objects, notes) equal, on projection phantoms, random scenes, the built-in sample
// at the reference size and the real films (when XRAYPREP_FILMS_PGM names a folder of them);
// and a whole pipeline run on the sample (residency path).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "io/PgmReader.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/gpu/GpuTestSupport.h"
#include "tests/gpu/RegionsScenes.h"

using namespace xrayprep;

namespace {

void expectContoursEqual(const processing::ContourResult& cuda,
                         const processing::ContourResult& serial, const std::string& what) {
    EXPECT_EQ(gpu_test::firstDifference(cuda.mask, serial.mask), -1) << what << " mask";
    EXPECT_TRUE(cuda.mask.sameSize(serial.mask)) << what;
    if (!(cuda.mask == serial.mask)) {
        ADD_FAILURE() << what << ": mask Dice " << gpu_test::dice(cuda.mask, serial.mask);
    }
    EXPECT_EQ(gpu_test::firstDifference(cuda.anatomy, serial.anatomy), -1) << what << " anatomy";
    EXPECT_TRUE(cuda.contours == serial.contours) << what << " outlines";
    EXPECT_EQ(cuda.discarded, serial.discarded) << what;
    EXPECT_EQ(cuda.notes, serial.notes) << what;
    EXPECT_EQ(cuda.workingFactor, serial.workingFactor) << what;
    EXPECT_EQ(cuda.workingMm, serial.workingMm) << what;
}

void expectSceneAgrees(const gpu_test::RegionsScene& scene, processing::ComputeBackend& cuda,
                       processing::ComputeBackend& serial, bool print = false) {
    const gpu_test::PreparedScene p = gpu_test::prepare(scene);
    const processing::ContourParams params;  // regions, the default
    ASSERT_EQ(params.method, processing::ContourMethod::Regions);
    const processing::ContourResult s = serial.activeContour(p.inputs(), params, nullptr);
    const processing::ContourResult c = cuda.activeContour(p.inputs(), params, nullptr);
    expectContoursEqual(c, s, scene.name);
    if (print && c.mask.sameSize(s.mask)) {
        std::size_t differ = 0;
        for (std::size_t i = 0; i < s.mask.size(); ++i) {
            differ += c.mask.data()[i] != s.mask.data()[i] ? 1 : 0;
        }
        std::cout << "[ film     ] " << scene.name << " " << s.mask.width() << "x"
                  << s.mask.height() << ": " << differ << " px differ, Dice "
                  << gpu_test::dice(c.mask, s.mask) << ", "
                  << std::count(s.mask.pixels().begin(), s.mask.pixels().end(), 1) << " bone px, "
                  << s.contours.size() << " outline(s)\n";
    }
}

TEST(CudaRegions, ProjectionPhantomsEqualSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    for (const auto& scene : gpu_test::phantomScenes()) expectSceneAgrees(scene, *cuda, *serial);
}

TEST(CudaRegions, RandomScenesEqualSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    const std::vector<std::pair<int, int>> sizes{{640, 480}, {777, 555}, {1201, 333},
                                                 {250, 900}, {97, 61},   {1024, 1024}};
    unsigned seed = 11;
    for (const auto& [w, h] : sizes) {
        expectSceneAgrees(gpu_test::randomScene(w, h, seed, seed % 2 ? 12 : 16), *cuda, *serial);
        seed += 5;
    }
}

TEST(CudaRegions, SampleAtReferenceSizeEqualsSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    expectSceneAgrees(gpu_test::sampleScene(), *cuda, *serial);
    expectSceneAgrees(gpu_test::sampleScene(2920, 2320, processing::PhantomView::Lateral), *cuda,
                      *serial);
}

// The real films of ../shared/data/xray-foot (lateral weight-bearing feet on platforms, with
// markers and rulers; DP, lateral, ankle and oblique films with burned-in text), no spacing,
// as PGM files in the folder XRAYPREP_FILMS_PGM names: device == serial on each.
TEST(CudaRegions, RealFilmsEqualSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const char* dir = std::getenv("XRAYPREP_FILMS_PGM");
    if (dir == nullptr || !std::filesystem::is_directory(dir)) {
        GTEST_SKIP() << "XRAYPREP_FILMS_PGM names no folder (scripts/films_to_pgm.py makes one)";
    }
    std::vector<std::filesystem::path> films;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() == ".pgm") films.push_back(e.path());
    }
    std::sort(films.begin(), films.end());
    ASSERT_FALSE(films.empty()) << dir;
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    for (const auto& path : films) {
        gpu_test::RegionsScene scene;
        scene.name = path.stem().string();
        scene.image = io::readPgm(path);
        expectSceneAgrees(scene, *cuda, *serial, true);
    }
}

// Parameters away from the defaults reach the device too (minArea in pixels, no final
// closing, a fixed working size, other levels).
TEST(CudaRegions, OtherParametersEqualSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    const gpu_test::PreparedScene p =
        gpu_test::prepare(gpu_test::projectionScene(processing::PhantomView::Planar, "hollow", 5));
    std::vector<processing::ContourParams> variants(4);
    variants[0].minArea = 900;
    variants[1].closeMm = 0.0;
    variants[2].workingSize = 300;
    variants[3].boneLevel = 0.5;
    variants[3].fillLevel = 0.05;
    variants[3].bandMm = 2.0;
    variants[3].enclosureMm = 20.0;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const auto s = serial->activeContour(p.inputs(), variants[i], nullptr);
        const auto c = cuda->activeContour(p.inputs(), variants[i], nullptr);
        expectContoursEqual(c, s, p.name + " variant " + std::to_string(i));
    }
}

TEST(CudaRegions, WholePipelineOnTheSampleEqualsSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const gpu_test::RegionsScene scene = gpu_test::sampleScene();
    processing::PipelineParameters params;
    params.esf.iterations = 20;
    processing::Pipeline serial(gpu_test::serialBackend());
    serial.setInput(scene.image);
    const processing::PipelineResult& s = serial.run(params);
    processing::Pipeline cuda(gpu_test::cudaBackend());
    cuda.setInput(scene.image);
    const processing::PipelineResult& c = cuda.run(params);
    expectContoursEqual(c.contour, s.contour, "pipeline");
    EXPECT_EQ(gpu_test::firstDifference(c.final, s.final), -1) << "final";
    // The contour stage reports its device time.
    const auto& times = c.deviceTimes[processing::stageIndex(processing::StageId::Contour)];
    ASSERT_TRUE(times.has_value());
    EXPECT_GT(times->computeMs, 0.0);
}

}  // namespace
