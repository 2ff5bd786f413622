// PipelineModel undo/redo of parameter edits, merging, and preset files.
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "processing/util/Json.h"
#include "tests/ui/model/ModelTestSupport.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

class PipelineModelUndo : public ::testing::Test {
  protected:
    void SetUp() override {
        model.setBackend(BackendKind::OpenMP, 2);
        model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
        ASSERT_TRUE(waitForCount(finished, 1));
    }
    void waitForRun() { ASSERT_TRUE(waitForCount(finished, finished.count() + 1)); }
    processing::Phantom phantom = smallPhantom();
    PipelineModel model;
    QSignalSpy finished{&model, &PipelineModel::runFinished};
};

TEST_F(PipelineModelUndo, UndoAndRedoRestoreTheParametersAndReRun) {
    QUndoStack* stack = model.undoStack();
    QSignalSpy changed(&model, &PipelineModel::parametersChanged);
    const processing::PipelineParameters defaults = model.parameters();
    processing::PipelineParameters p = defaults;
    p.median.size = 21;
    model.editParameters(p, QStringLiteral("median.size 19 → 21"));
    EXPECT_EQ(model.parameters().median.size, 21);
    EXPECT_EQ(changed.count(), 1);
    ASSERT_EQ(stack->count(), 1);
    EXPECT_EQ(stack->text(0), QStringLiteral("median.size 19 → 21"));
    waitForRun();
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, p, phantom.metadata.spacing));

    model.editParameters(p, QStringLiteral("no change"));  // equal: no entry
    EXPECT_EQ(stack->count(), 1);

    stack->undo();
    EXPECT_EQ(model.parameters(), defaults);
    EXPECT_EQ(changed.count(), 2);
    waitForRun();
    EXPECT_EQ(model.displayed().parameters, defaults);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, defaults, phantom.metadata.spacing));

    stack->redo();
    EXPECT_EQ(model.parameters(), p);
    waitForRun();
    EXPECT_EQ(model.displayed().parameters, p);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, p, phantom.metadata.spacing));
}

TEST_F(PipelineModelUndo, EditsOfOneKeyInQuickSuccessionAreOneEntry) {
    model.setMergeWindowMilliseconds(60000);
    QUndoStack* stack = model.undoStack();
    processing::PipelineParameters p = model.parameters();
    for (double rho : {30.0, 28.0, 26.0}) {
        p.esf.rho = rho;
        model.editParameters(p, {});
    }
    ASSERT_EQ(stack->count(), 1);
    EXPECT_EQ(stack->text(0), QStringLiteral("ESF scale ρ: 32 → 26"));
    p.median.size = 5;  // another key: a new entry
    model.editParameters(p, {});
    ASSERT_EQ(stack->count(), 2);
    EXPECT_EQ(stack->text(1), QStringLiteral("Median window (px): 0 → 5"));
    stack->undo();
    stack->undo();
    EXPECT_EQ(model.parameters().esf.rho, 32.0);
    EXPECT_EQ(model.parameters().median.size, 0);
    // Back where the last run was before the debounce ran out: nothing needs to run.
    QSignalSpy started(&model, &PipelineModel::runStarted);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !model.isBusy(); }, kWaitMs));
    EXPECT_EQ(started.count(), 0);
    expectDisplayedEquals(model.displayed(), referenceRun(phantom.image, model.parameters(),
                                                          phantom.metadata.spacing));
}

TEST_F(PipelineModelUndo, EditsFurtherApartThanTheMergeWindowStaySeparate) {
    model.setMergeWindowMilliseconds(0);
    processing::PipelineParameters p = model.parameters();
    p.esf.rho = 30.0;
    model.editParameters(p, {});
    QSignalSpy(&model, &PipelineModel::runFinished).wait(20);
    p.esf.rho = 28.0;
    model.editParameters(p, {});
    EXPECT_EQ(model.undoStack()->count(), 2);
}

TEST_F(PipelineModelUndo, DraggingBackToTheStartLeavesNoEntry) {
    model.setMergeWindowMilliseconds(60000);
    processing::PipelineParameters p = model.parameters();
    p.median.size = 21;
    model.editParameters(p, {});
    p.median.size = 0;  // back to the default (auto)
    model.editParameters(p, {});
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_EQ(model.parameters().median.size, 0);
}

TEST_F(PipelineModelUndo, PresetSaveAndLoadRoundTrip) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("mine.json"));
    processing::PipelineParameters p = model.parameters();
    p.median.size = 7;
    p.threshold.method = processing::ThresholdMethod::Otsu;
    p.esf.rho = 24.0;
    model.editParameters(p, {});
    EXPECT_EQ(model.savePreset(file), QString());
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("mine.json")});

    // The file is the CLI's preset format, independently of the model's reader.
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const processing::Json doc = processing::parseJson(f.readAll().toStdString());
    ASSERT_TRUE(doc.contains("parameters"));
    const processing::Json& params = doc.at("parameters");
    ASSERT_TRUE(params.contains("median.size"));
    EXPECT_EQ(params.at("median.size").get<double>(), 7.0);
    EXPECT_EQ(params.at("threshold.method").get<std::string>(), "otsu");

    model.editParameters(processing::PipelineParameters{}, {});
    const int entries = model.undoStack()->count();
    EXPECT_EQ(model.loadPreset(file), QString());
    EXPECT_EQ(model.parameters(), p);
    EXPECT_EQ(model.undoStack()->count(), entries + 1);
    EXPECT_TRUE(model.undoStack()->text(entries).contains(QStringLiteral("mine.json")));
    model.undoStack()->undo();
    EXPECT_EQ(model.parameters(), processing::PipelineParameters{});
}

TEST_F(PipelineModelUndo, ABrokenPresetGivesAMessageNamingTheFile) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const auto write = [&](const QString& name, const QByteArray& text) {
        const QString path = dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
        return path;
    };
    const processing::PipelineParameters before = model.parameters();
    const int entries = model.undoStack()->count();
    const QString broken = write(QStringLiteral("broken.json"), "{ \"parameters\": { \"median");
    const QString unknown =
        write(QStringLiteral("unknown.json"), "{\"parameters\": {\"median.sise\": 3}}");
    const QString even = write(QStringLiteral("even.json"), "{\"median.size\": 4}");
    const QString text = write(QStringLiteral("text.json"), "{\"median.size\": \"seven\"}");
    const QString nan = write(QStringLiteral("nan.json"), "{\"median.size\": nan}");
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    for (const QString& path : {broken, unknown, even, text, nan, missing}) {
        const QString message = model.loadPreset(path);
        EXPECT_TRUE(message.contains(path)) << message.toStdString();
        EXPECT_GT(message.size(), path.size() + 5) << message.toStdString();
    }
    EXPECT_TRUE(model.loadPreset(unknown).contains(QStringLiteral("median.sise")));
    EXPECT_TRUE(model.loadPreset(text).contains(QStringLiteral("median.size: expected a number")));
    EXPECT_TRUE(model.loadPreset(nan).contains(QStringLiteral("JSON parse error at line 1")));
    EXPECT_EQ(model.parameters(), before);
    EXPECT_EQ(model.undoStack()->count(), entries);
    const QString unwritable = dir.filePath(QStringLiteral("no-such-folder/p.json"));
    EXPECT_TRUE(model.savePreset(unwritable).contains(unwritable));
}

}  // namespace
}  // namespace xrayprep::ui::test
