// Sessions (issue 12): a session saved by the model and opened again, and the same session run
// by `xrayprep-cli run --session`, give the same final mask, with the seeds and edits in it;
// a session whose input file changed is refused by both.
#include <filesystem>
#include <fstream>

#include "io/PngReader.h"
#include "session/SessionFile.h"
#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"
#include "tests/ui/model/ModelTestSupport.h"

namespace xrayprep::ui::test {
namespace {

namespace fs = std::filesystem;
using processing::Mask;

// The mask.png files (0 / 255) under a folder.
std::vector<fs::path> maskFilesUnder(const fs::path& folder) {
    std::vector<fs::path> found;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        if (e.path().filename() == "mask.png") found.push_back(e.path());
    }
    return found;
}

Mask maskFromPng(const fs::path& file) {
    const io::PngGrayImage png = io::readPng(file);
    Mask m(png.samples.width(), png.samples.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = png.samples.data()[i] != 0 ? 1 : 0;
    return m;
}

class PipelineModelSession : public ::testing::Test {
  protected:
    test_support::TempDir dir{"xrayprep-session-model"};
    fs::path sessionFile = dir / "foot.xrayprep-session";
};

TEST_F(PipelineModelSession, SavedOpenedAndRunByTheCommandLineGiveTheSameMask) {
    PipelineModel model;
    model.setDebounceMilliseconds(0);
    QSignalSpy runs(&model, &PipelineModel::runFinished);
    model.openSample(processing::PhantomView::Planar, kSmallWidth, kSmallHeight);
    ASSERT_TRUE(waitForCount(runs, 1));
    ASSERT_TRUE(model.canSaveSession());
    const Mask automatic = model.displayed().contour->mask;

    // A parameter, an exclude seed on the mask's first bone pixel, and a painted stroke in
    // the top-left corner (air: outside any mask).
    processing::PipelineParameters params = model.parameters();
    params.esf.rho = 12.5;
    model.editParameters(params, QStringLiteral("rho"));
    ASSERT_TRUE(waitForCount(runs, 2));
    int bx = -1, by = -1;
    for (std::size_t i = 0; i < automatic.size() && bx < 0; ++i) {
        if (automatic.data()[i]) {
            bx = static_cast<int>(i % automatic.width());
            by = static_cast<int>(i / automatic.width());
        }
    }
    ASSERT_TRUE(model.addSeed(bx + 2, by + 2, false));
    ASSERT_TRUE(waitForCount(runs, 3));
    ASSERT_TRUE(model.paintMask({{10.0f, 10.0f}, {30.0f, 10.0f}}, 3.0, true));
    ASSERT_TRUE(waitForCount(runs, 4));
    const Mask expected = model.displayed().contour->mask;
    EXPECT_EQ(expected.at(20, 10), 1);  // the painted stroke
    EXPECT_NE(expected, automatic);

    QSignalSpy saved(&model, &PipelineModel::sessionSaved);
    ASSERT_TRUE(model.saveSession(QString::fromStdString(sessionFile.string())));
    ASSERT_TRUE(waitForCount(saved, 1));
    EXPECT_EQ(saved.front().at(1).toString(), QString());
    EXPECT_TRUE(fs::exists(session::SessionFile::editsPath(sessionFile)));

    // Opened again, in another model.
    PipelineModel reopened;
    QSignalSpy reopenedRuns(&reopened, &PipelineModel::runFinished);
    reopened.openSession(QString::fromStdString(sessionFile.string()));
    ASSERT_TRUE(waitForCount(reopenedRuns, 1));
    EXPECT_TRUE(reopened.parameters() == model.parameters());
    EXPECT_EQ(reopened.guidance(), model.guidance());
    EXPECT_TRUE(reopened.maskEdits() == model.maskEdits());
    EXPECT_EQ(reopened.displayed().contour->mask, expected);

    // Run by the command line.
    const fs::path out = dir / "out";
    const auto r = test_support::runCliProcess(
        {"run", "--session", sessionFile.string(), "--out", out.string(), "--export", "mask.png"});
    ASSERT_TRUE(test_support::everyInputProcessed(r.exitCode)) << r.output;
    const auto masks = maskFilesUnder(out);
    ASSERT_EQ(masks.size(), 1u) << r.output;
    EXPECT_EQ(maskFromPng(masks.front()), expected);
}

TEST_F(PipelineModelSession, ASessionWhoseInputChangedIsRefused) {
    const fs::path input = dir / "foot.dcm";
    auto r = test_support::runCliProcess(
        {"phantom", "--out", input.string(), "--size", "400x320", "--seed", "3"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    PipelineModel model;
    QSignalSpy runs(&model, &PipelineModel::runFinished);
    model.openFile(QString::fromStdString(input.string()));
    ASSERT_TRUE(waitForCount(runs, 1));
    QSignalSpy saved(&model, &PipelineModel::sessionSaved);
    ASSERT_TRUE(model.saveSession(QString::fromStdString(sessionFile.string())));
    ASSERT_TRUE(waitForCount(saved, 1));
    ASSERT_EQ(saved.front().at(1).toString(), QString());

    // Unchanged: the command line runs it.
    r = test_support::runCliProcess(
        {"run", "--session", sessionFile.string(), "--out", (dir / "out").string()});
    EXPECT_TRUE(test_support::everyInputProcessed(r.exitCode)) << r.output;

    // One byte more at the end: both refuse, naming the file.
    std::ofstream(input, std::ios::binary | std::ios::app) << '\0';
    r = test_support::runCliProcess(
        {"run", "--session", sessionFile.string(), "--out", (dir / "out2").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.output.find("changed since the session was saved"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(input.string()), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / "out2"));

    PipelineModel other;
    QSignalSpy failed(&other, &PipelineModel::loadFailed);
    other.openSession(QString::fromStdString(sessionFile.string()));
    ASSERT_TRUE(waitForCount(failed, 1));
    EXPECT_NE(failed.front().at(0).toString().indexOf(QStringLiteral("changed since")), -1);
    EXPECT_FALSE(other.hasInput());
}

}  // namespace
}  // namespace xrayprep::ui::test
