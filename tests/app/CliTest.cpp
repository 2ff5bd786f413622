// End-to-end tests of xrayprep-cli: exit codes, outputs, the report, and the real corpus.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "io/PngReader.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/MetaImageReader.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::everyInputProcessed;
using xrayprep::test_support::readJsonFile;

namespace {

const fs::path kCli = XRAYPREP_CLI_PATH;

int runCli(const std::string& args, std::string* output = nullptr) {
    const fs::path log =
        fs::temp_directory_path() / ("xrayprep-cli-test-" + std::to_string(::getpid()) + ".log");
    const std::string cmd = kCli.string() + " " + args + " > " + log.string() + " 2>&1";
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

class CliTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("xrayprep-cli-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

}  // namespace

TEST_F(CliTest, UsageErrorsExitWithTwo) {
    EXPECT_EQ(runCli(""), 2);
    EXPECT_EQ(runCli("frobnicate"), 2);
    EXPECT_EQ(runCli("run sample:planar"), 2);  // no --out
    EXPECT_EQ(runCli("run sample:planar --out " + dir_.string() + " --bogus"), 2);
    std::string out;
    EXPECT_EQ(runCli("run sample:planar --out " + dir_.string() + " --set median.size=4", &out), 2);
    EXPECT_NE(out.find("median.size"), std::string::npos) << out;
    EXPECT_EQ(runCli("run sample:planar --out " + dir_.string() + " --backend quantum"), 2);
    EXPECT_EQ(runCli("phantom --out x.dcm --size 12x"), 2);
    EXPECT_EQ(runCli("--help"), 0);
}

TEST_F(CliTest, PhantomThenRunWritesEveryOutputAndTheReport) {
    const fs::path dcm = dir_ / "foot.dcm";
    ASSERT_EQ(runCli("phantom --out " + dcm.string() + " --truth " + (dir_ / "truth.png").string() +
                     " --size 730x580 --seed 3 --view lateral"),
              0);
    ASSERT_TRUE(fs::exists(dcm));
    const auto truth = xrayprep::io::readPng(dir_ / "truth.png");
    EXPECT_EQ(truth.samples.width(), 730);
    EXPECT_EQ(truth.samples.height(), 580);

    const fs::path out = dir_ / "out";
    const fs::path report = dir_ / "report.json";
    std::string log;
    // 0, or 3 if the lateral view's mask needs review: this test is about the outputs.
    ASSERT_TRUE(everyInputProcessed(
        runCli("run " + dcm.string() + " --out " + out.string() +
                   " --save-stages --backend serial --set median.size=7 --set esf.iterations=20"
                   " --report " +
                   report.string(),
               &log)))
        << log;
    for (const char* f : {"final.png", "mask.png", "01-median.png", "02-threshold.png",
                          "03-sobel.png", "04-contours.csv", "05-mask.png", "06-esf.mha"}) {
        EXPECT_TRUE(fs::exists(out / "foot" / f)) << f;
    }
    const auto final = xrayprep::io::readPng(out / "foot" / "final.png");
    EXPECT_EQ(final.bitDepth, 16);
    EXPECT_EQ(final.samples.width(), 730);
    const auto mask = xrayprep::io::readPng(out / "foot" / "mask.png");
    EXPECT_EQ(mask.bitDepth, 8);
    for (auto v : mask.samples.pixels()) ASSERT_TRUE(v == 0 || v == 255);
    const auto esf = xrayprep::test_support::readMetaImage(out / "foot" / "06-esf.mha");
    EXPECT_EQ(esf.width, 730);

    const Json r = readJsonFile(report);
    ASSERT_EQ(r.at("inputs").size(), 1u);
    const Json& e = r.at("inputs")[0];
    EXPECT_EQ(e.at("status").get<std::string>(), "ok");
    EXPECT_EQ(e.at("image").at("width").get<double>(), 730);
    EXPECT_EQ(e.at("image").at("bitsStored").get<double>(), 12);
    EXPECT_TRUE(e.at("image").at("spacing").is_object());
    EXPECT_EQ(e.at("backend").get<std::string>(), "serial");
    EXPECT_EQ(e.at("threads").get<double>(), 1);
    EXPECT_EQ(e.at("parameters").at("median.size").get<double>(), 7);
    EXPECT_EQ(e.at("parameters").at("esf.iterations").get<double>(), 20);
    for (const char* s : {"median", "threshold", "sobel", "contour", "mask", "esf", "total"}) {
        EXPECT_TRUE(e.at("milliseconds").at(s).is_number()) << s;
    }
    const Json& t = e.at("threshold");
    EXPECT_EQ(t.at("method").get<std::string>(), "background");
    EXPECT_TRUE(t.at("bin").is_number());
    EXPECT_TRUE(t.at("value").is_number());
    EXPECT_TRUE(t.at("fallbackUsed").is_boolean());
    // The quality checks, and whether they ask for a review.
    EXPECT_TRUE(e.at("needsReview").is_boolean());
    ASSERT_TRUE(e.contains("quality") && e.at("quality").is_object());
    const Json& q = e.at("quality");
    EXPECT_EQ(q.at("checks").size(), 8u);
    EXPECT_EQ(q.at("status").get<std::string>(),
              e.at("needsReview").get<bool>() ? "needs-review" : "ok");
}

TEST_F(CliTest, FailedInputsAreReportedByNameAndExitWithOne) {
    const fs::path bad = dir_ / "not-dicom.dcm";
    std::ofstream(bad) << "this is not a DICOM file";
    const fs::path report = dir_ / "r.json";
    std::string log;
    EXPECT_EQ(runCli("run " + bad.string() + " " + (dir_ / "missing.dcm").string() +
                         " sample:planar --set median.size=5 --out " + (dir_ / "o").string() +
                         " --report " + report.string(),
                     &log),
              1);
    EXPECT_NE(log.find("not-dicom.dcm"), std::string::npos) << log;
    const Json r = readJsonFile(report);
    const auto& inputs = r.at("inputs");
    ASSERT_EQ(inputs.size(), 3u);
    EXPECT_EQ(inputs[0].at("status").get<std::string>(), "failed");
    EXPECT_NE(inputs[0].at("error").get<std::string>().find("not-dicom.dcm"), std::string::npos);
    EXPECT_NE(inputs[1].at("error").get<std::string>().find("missing.dcm"), std::string::npos);
    EXPECT_EQ(inputs[2].at("status").get<std::string>(), "ok");
    EXPECT_TRUE(fs::exists(dir_ / "o" / "sample-planar" / "final.png"));
}

// --bits and --no-spacing make one of phantom-eval's runs a file (its per-seed format axes).
TEST_F(CliTest, PhantomWritesTheBitsStoredAndLeavesTheSpacingOutWhenAsked) {
    const fs::path dcm = dir_ / "bits8.dcm";
    ASSERT_EQ(runCli("phantom --size 320x256 --bits 8 --no-spacing --out " + dcm.string()), 0);
    const fs::path report = dir_ / "bits8.json";
    ASSERT_TRUE(
        everyInputProcessed(runCli("run " + dcm.string() + " --out " + (dir_ / "o8").string() +
                                   " --report " + report.string())));
    const Json r = readJsonFile(report);
    const Json& image = r.at("inputs")[0].at("image");
    EXPECT_EQ(image.at("bitsStored").get<double>(), 8);
    EXPECT_TRUE(image.at("spacing").is_null());
    EXPECT_EQ(runCli("phantom --size 320x256 --bits 20 --out " + dcm.string()), 2);
}

TEST_F(CliTest, MonochromeOneAndTwoGiveTheSameBoneBrightResult) {
    for (const char* p : {"MONOCHROME1", "MONOCHROME2"}) {
        ASSERT_EQ(runCli("phantom --size 512x400 --photometric " + std::string(p) + " --out " +
                         (dir_ / (std::string(p) + ".dcm")).string()),
                  0);
    }
    ASSERT_EQ(runCli("run " + (dir_ / "MONOCHROME1.dcm").string() + " " +
                     (dir_ / "MONOCHROME2.dcm").string() + " --set median.size=5 --out " +
                     (dir_ / "o").string()),
              0);
    const auto a = xrayprep::io::readPng(dir_ / "o" / "MONOCHROME1" / "final.png");
    const auto b = xrayprep::io::readPng(dir_ / "o" / "MONOCHROME2" / "final.png");
    EXPECT_EQ(a.samples, b.samples);
}

TEST_F(CliTest, EveryCorpusFileBehavesAsTheManifestSays) {
    const fs::path corpus = XRAYPREP_SHARED_DATA_DIR;
    if (!fs::exists(corpus / "MANIFEST.tsv")) GTEST_SKIP() << "no ../shared/data/dicom here";
    std::ifstream manifest(corpus / "MANIFEST.tsv");
    std::string line;
    std::getline(manifest, line);  // header
    std::map<std::string, std::string> expect, bodyPart;
    std::string inputs;
    while (std::getline(manifest, line)) {
        std::stringstream ss(line);
        std::string file, ex, category, modality, part;
        std::getline(ss, file, '\t');
        std::getline(ss, ex, '\t');
        std::getline(ss, category, '\t');
        std::getline(ss, modality, '\t');
        std::getline(ss, part, '\t');
        expect[(corpus / file).string()] = ex;
        bodyPart[(corpus / file).string()] = part;
        inputs += " '" + (corpus / file).string() + "'";
    }
    const fs::path report = dir_ / "corpus.json";
    std::string log;
    const int rc = runCli(
        "run" + inputs + " --out " + (dir_ / "o").string() + " --report " + report.string(), &log);
    EXPECT_TRUE(rc == 0 || rc == 1 || rc == 3) << "crashed? rc=" << rc << "\n" << log;
    const Json r = readJsonFile(report);
    int checked = 0;
    for (const Json& e : r.at("inputs")) {
        const std::string input = e.at("input").get<std::string>();
        const std::string status = e.at("status").get<std::string>();
        const std::string ex = expect.at(input);
        ++checked;
        if (ex == "ok") {
            EXPECT_EQ(status, "ok")
                << input << ": " << (e.contains("error") ? e.at("error").get<std::string>() : "");
            // The body part the manifest lists for the file: a chest, hip, breast or hand
            // radiograph is flagged for review by name, an extremity is not.
            const std::string part = bodyPart.at(input);
            if (e.contains("quality") && (part == "CHEST" || part == "HIP" || part == "BREAST" ||
                                          part == "HAND" || part == "EXTREMITY")) {
                bool checkedPart = false;
                for (const Json& c : e.at("quality").at("checks")) {
                    if (c.at("id").get<std::string>() != "body-part") continue;
                    checkedPart = true;
                    EXPECT_EQ(c.at("passed").get<bool>(), part == "EXTREMITY") << input;
                    EXPECT_NE(c.at("message").get<std::string>().find(part), std::string::npos)
                        << input;
                }
                EXPECT_TRUE(checkedPart) << input;
            }
        } else if (ex == "fail") {
            EXPECT_EQ(status, "failed") << input;
            if (status == "failed") {
                EXPECT_NE(
                    e.at("error").get<std::string>().find(fs::path(input).filename().string()),
                    std::string::npos)
                    << e.at("error").get<std::string>();
            }
        }
    }
    EXPECT_EQ(checked, static_cast<int>(expect.size()));
}

TEST_F(CliTest, SampleSegmentationReachesDiceAndFinalPngHasNoTextOrMarker) {
    // The phantom is deterministic: the in-process copy has the same pixels as the file the
    // command writes, and gives the marker and text masks.
    for (const char* view : {"planar", "lateral"}) {
        xrayprep::processing::PhantomParams params;
        params.view = std::string(view) == "planar" ? xrayprep::processing::PhantomView::Planar
                                                    : xrayprep::processing::PhantomView::Lateral;
        const auto phantom = xrayprep::processing::FootPhantom{}(params);
        const fs::path dcm = dir_ / (std::string(view) + ".dcm");
        ASSERT_EQ(runCli("phantom --view " + std::string(view) + " --out " + dcm.string()), 0);
        ASSERT_TRUE(
            everyInputProcessed(runCli("run " + dcm.string() + " --out " + (dir_ / "o").string())));
        const auto final = xrayprep::io::readPng(dir_ / "o" / view / "final.png");
        const auto mask = xrayprep::io::readPng(dir_ / "o" / view / "mask.png");
        ASSERT_EQ(final.samples.width(), phantom.image.width());
        std::uint64_t both = 0, inMask = 0, inTruth = 0, marker = 0, text = 0;
        for (std::size_t i = 0; i < phantom.image.size(); ++i) {
            const bool m = mask.samples.data()[i] != 0, t = phantom.truth.data()[i] != 0;
            both += m && t;
            inMask += m;
            inTruth += t;
            marker += phantom.markerMask.data()[i] && final.samples.data()[i] != 0;
            text += phantom.textMask.data()[i] && final.samples.data()[i] != 0;
            // Inside the mask the output equals the input bit for bit.
            if (m) {
                ASSERT_EQ(final.samples.data()[i], phantom.image.data()[i]);
            }
        }
        const double dice = 2.0 * double(both) / double(inMask + inTruth);
        EXPECT_GE(dice, 0.90) << view;
        EXPECT_EQ(marker, 0u) << view;
        EXPECT_EQ(text, 0u) << view;
    }
}

namespace {
std::string fileText(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
}  // namespace

// Issue 14, D2 and D1: bench --json never writes over its input, nor over a FIFO; the input
// stays byte for byte what it was and the command fails naming the file.
TEST_F(CliTest, BenchRefusesToWriteItsJsonOverTheInputOrAFifo) {
    const fs::path input = dir_ / "x.dcm";
    ASSERT_EQ(runCli("phantom --out " + input.string() + " --size 320x256"), 0);
    const auto before = fileText(input);
    std::string out;
    EXPECT_EQ(runCli("bench " + input.string() + " --repeat 1 --json " + input.string(), &out), 1);
    EXPECT_NE(out.find("input file"), std::string::npos) << out;
    EXPECT_EQ(fileText(input), before);
    const fs::path fifo = dir_ / "fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    EXPECT_EQ(runCli("bench " + input.string() + " --repeat 1 --json " + fifo.string(), &out), 1);
    EXPECT_NE(out.find("FIFO"), std::string::npos) << out;
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
}

// Issue 14, D6: --preset takes a regular file of bounded size; /dev/zero and a FIFO are usage
// errors at once (before: 16.8 GB at 60 s, and blocked for ever).
TEST_F(CliTest, PresetMustBeASmallRegularFile) {
    const fs::path fifo = dir_ / "preset.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    for (const std::string& preset : {std::string("/dev/zero"), fifo.string()}) {
        std::string out;
        EXPECT_EQ(runCli("run sample:planar:256x200 --out " + (dir_ / "o").string() + " --preset " +
                             preset,
                         &out),
                  2)
            << preset;
        EXPECT_NE(out.find("not a regular file"), std::string::npos) << out;
    }
}

// Issue 14: a malformed or mistyped preset is a usage error naming the file, where the JSON
// went wrong (line, column) and what is wrong, or which parameter has the wrong type.
TEST_F(CliTest, ABadPresetNamesTheFileAndTheProblem) {
    const fs::path preset = dir_ / "bad-preset.json";
    const std::pair<std::string, std::string> cases[] = {
        {"{\"median.size\": 5,\n \"version\": nan}", "line 2, column"},
        {"{\"median.size\": \"seven\"}", "parameter median.size: expected a number"},
    };
    for (const auto& [text, problem] : cases) {
        std::ofstream(preset, std::ios::trunc) << text;
        std::string out;
        EXPECT_EQ(runCli("run sample:planar:256x200 --out " + (dir_ / "o").string() + " --preset " +
                             preset.string(),
                         &out),
                  2)
            << text;
        EXPECT_NE(out.find("--preset " + preset.string() + ": "), std::string::npos) << out;
        EXPECT_NE(out.find(problem), std::string::npos) << out;
    }
}
