// `run --export`: every output written, the report's facts, the derived DICOM, the mesh
// closed, usage errors for unknown outputs and bad mesh settings, inputs never overwritten.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "io/FileBytes.h"
#include "processing/util/Json.h"
#include "tests/support/MetaImageReader.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;

namespace {

int run(const std::string& args, std::string* output = nullptr) {
    const fs::path log =
        fs::temp_directory_path() / ("xrayprep-export-cli-" + std::to_string(::getpid()) + ".log");
    const std::string cmd =
        std::string(XRAYPREP_CLI_PATH) + " " + args + " > " + log.string() + " 2>&1";
    const int status = std::system(cmd.c_str());
    if (output) {
        std::ifstream in(log);
        std::stringstream ss;
        ss << in.rdbuf();
        *output = ss.str();
    }
    fs::remove(log);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string shell(const std::string& command) {
    std::string out;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return out;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    ::pclose(pipe);
    return out;
}

// Closed: after merging equal coordinates, every undirected edge has exactly two triangles.
bool stlIsClosed(const fs::path& path, std::uint32_t& triangles) {
    const auto bytes = xrayprep::io::readFileBytes(path);
    std::memcpy(&triangles, bytes.data() + 80, 4);
    if (bytes.size() != 84 + 50 * std::size_t{triangles}) return false;
    std::map<std::array<float, 3>, int> ids;
    std::map<std::pair<int, int>, int> edges;
    for (std::uint32_t t = 0; t < triangles; ++t) {
        int v[3];
        for (int k = 0; k < 3; ++k) {
            std::array<float, 3> p;
            std::memcpy(p.data(), bytes.data() + 84 + 50 * t + 12 + 12 * k, 12);
            v[k] = ids.try_emplace(p, static_cast<int>(ids.size())).first->second;
        }
        for (int k = 0; k < 3; ++k) {
            const int a = std::min(v[k], v[(k + 1) % 3]), b = std::max(v[k], v[(k + 1) % 3]);
            ++edges[{a, b}];
        }
    }
    for (const auto& [edge, count] : edges) {
        if (count != 2) return false;
    }
    return triangles > 0;
}

}  // namespace

TEST(ExportCli, UnknownOutputsAndBadMeshSettingsAreUsageErrors) {
    xrayprep::test_support::TempDir dir;
    const std::string base = "run sample:planar:320x256 --out " + dir.path().string();
    std::string out;
    EXPECT_EQ(run(base + " --export mask.png,mesh.fbx", &out), 2);
    EXPECT_NE(out.find("mesh.fbx"), std::string::npos) << out;
    EXPECT_NE(out.find("esf.vti"), std::string::npos) << out;  // the valid names are listed
    EXPECT_EQ(run(base + " --export mask.png,", &out), 2);
    EXPECT_EQ(run(base + " --export mesh.stl --set mesh.mode=balloon", &out), 2);
    EXPECT_NE(out.find("inflate or extrude"), std::string::npos) << out;
    EXPECT_EQ(run(base + " --export mesh.stl --set mesh.thickness=-1", &out), 2);
    EXPECT_NE(out.find("mesh.thickness=-1"), std::string::npos) << out;
    EXPECT_EQ(run(base + " --export mesh.stl --set mesh.smooth=many", &out), 2);
    EXPECT_EQ(run(base + " --export mesh.stl --set mesh.wobble=1", &out), 2);
    EXPECT_EQ(run(base + " --export mask.png --anonymize", &out), 2);
    EXPECT_NE(out.find("--anonymize applies to the DICOM export"), std::string::npos) << out;
}

TEST(ExportCli, ExportAllWritesEveryFormatWithReportDicomAndClosedMesh) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "foot.dcm";
    ASSERT_EQ(run("phantom --out " + dcm.string() + " --size 320x256 --seed 5 " +
                  "--photometric MONOCHROME1"),
              0);
    std::string log;
    ASSERT_EQ(run("run " + dcm.string() + " --out " + (dir / "out").string() +
                      " --backend serial --set median.size=5 --set esf.iterations=30"
                      " --set mesh.mode=extrude --set mesh.thickness=4 --set mesh.smooth=0"
                      " --export all --anonymize --report " +
                      (dir / "run.json").string(),
                  &log),
              0)
        << log;
    const fs::path folder = dir / "out" / "foot";
    for (const char* f : {"final.png", "final.mha", "mask.png", "mask.mha", "esf.mha", "esf.vti",
                          "contours.vtp", "contours.csv", "mesh.stl", "mesh.obj", "mesh.ply",
                          "mesh.vtp", "final.dcm", "seg.dcm", "sheet.png", "report.json"}) {
        EXPECT_TRUE(fs::is_regular_file(folder / f)) << f;
    }
    for (const auto& e : fs::directory_iterator(folder)) {
        EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos);
    }

    std::ifstream in(folder / "report.json");
    std::stringstream text;
    text << in.rdbuf();
    const Json report = xrayprep::processing::parseJson(text.str());
    const std::string sha = shell("sha256sum " + dcm.string()).substr(0, 64);
    EXPECT_EQ(report.at("input").at("sha256").get<std::string>(), sha);
    EXPECT_EQ(report.at("versions").at("xrayprep").get<std::string>(), XRAYPREP_VERSION);
    EXPECT_TRUE(report.at("versions").at("dcmtk").is_string());
    EXPECT_NE(report.at("backend").get<std::string>().find("serial"), std::string::npos);
    EXPECT_EQ(report.at("parameters").at("median.size").get<double>(), 5);
    EXPECT_EQ(report.at("mesh").at("mesh.mode").get<std::string>(), "extrude");
    EXPECT_EQ(report.at("mesh").at("mesh.thickness").get<double>(), 4);
    EXPECT_TRUE(report.at("milliseconds").at("esf").is_number());

    std::uint32_t triangles = 0;
    EXPECT_TRUE(stlIsClosed(folder / "mesh.stl", triangles)) << triangles << " triangles";
    // The default mode (inflate) is closed too.
    ASSERT_EQ(run("run " + dcm.string() + " --out " + (dir / "inflated").string() +
                      " --set median.size=5 --set mesh.targetTriangles=20000 --export mesh.stl",
                  &log),
              0)
        << log;
    EXPECT_TRUE(stlIsClosed(dir / "inflated" / "foot" / "mesh.stl", triangles)) << triangles;
    EXPECT_LE(triangles, 20000u);

    // Derived DICOM: MONOCHROME1 as the input; inside the mask the input's stored values.
    DcmFileFormat source, derived;
    ASSERT_TRUE(source.loadFile(dcm.c_str()).good());
    ASSERT_TRUE(derived.loadFile((folder / "final.dcm").c_str()).good());
    OFString photometric, removed;
    derived.getDataset()->findAndGetOFString(DCM_PhotometricInterpretation, photometric);
    EXPECT_EQ(std::string(photometric.c_str()), "MONOCHROME1");
    derived.getDataset()->findAndGetOFString(DCM_PatientIdentityRemoved, removed);
    EXPECT_EQ(std::string(removed.c_str()), "YES");
    const Uint16* in16 = nullptr;
    const Uint16* out16 = nullptr;
    ASSERT_TRUE(source.getDataset()->findAndGetUint16Array(DCM_PixelData, in16).good());
    ASSERT_TRUE(derived.getDataset()->findAndGetUint16Array(DCM_PixelData, out16).good());
    const auto mask = xrayprep::test_support::readMetaImage(folder / "mask.mha").toMask();
    std::size_t inside = 0;
    for (std::size_t i = 0; i < mask.size(); ++i) {
        if (mask.data()[i] == 0) continue;
        ++inside;
        ASSERT_EQ(out16[i], in16[i]) << i;
    }
    EXPECT_GT(inside, 1000u);
}

TEST(ExportCli, AnExportNamedLikeTheInputIsRefusedAndTheInputKept) {
    xrayprep::test_support::TempDir dir;
    fs::create_directories(dir / "out" / "mesh");
    // A DICOM file called mesh.stl in the folder its own outputs would go to.
    const fs::path input = dir / "out" / "mesh" / "mesh.stl";
    ASSERT_EQ(run("phantom --out " + (dir / "p.dcm").string() + " --size 320x256"), 0);
    fs::copy_file(dir / "p.dcm", input);
    const auto before = xrayprep::io::readFileBytes(input);
    std::string log;
    EXPECT_EQ(run("run " + input.string() + " --out " + (dir / "out").string() +
                      " --set median.size=5 --export mesh.stl,report.json",
                  &log),
              1)
        << log;
    EXPECT_NE(log.find("refusing"), std::string::npos) << log;
    EXPECT_EQ(xrayprep::io::readFileBytes(input), before);
}
