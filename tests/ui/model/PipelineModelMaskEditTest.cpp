// PipelineModel's mask edits: each tool's edit reaches the displayed mask, the final image and
// the ESF; undo/redo; edits kept across an upstream re-run; a new input clears them. Expected
// masks come from processing::Pipeline run directly with the same edits (MaskEditTools is
// tested against hand-counted pixels in tests/processing/edit).
#include <QSignalSpy>
#include <QUndoStack>

#include "processing/edit/MaskEditTools.h"
#include "tests/ui/model/ModelTestSupport.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;
using processing::Mask;
using processing::MaskEditTools;

class PipelineModelMaskEdit : public ::testing::Test {
  protected:
    void SetUp() override {
        model.setBackend(BackendKind::OpenMP, 2);
        model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
        ASSERT_TRUE(waitForCount(finished, 1));
        automatic = model.displayed().contour->mask;
    }
    void waitForRun() { ASSERT_TRUE(waitForCount(finished, finished.count() + 1)); }
    [[nodiscard]] const Mask& shown() const { return model.displayed().contour->mask; }
    // The first pixel of the automatic mask (a bone) in raster order.
    [[nodiscard]] processing::PixelPoint firstBonePixel() const {
        for (int y = 0; y < automatic.height(); ++y)
            for (int x = 0; x < automatic.width(); ++x)
                if (automatic.at(x, y)) return {x, y};
        return {-1, -1};
    }
    // A bone pixel whose neighbours within `r` pixels are all bone (a stroke there makes a
    // hole).
    [[nodiscard]] static processing::PixelPoint deepBonePixel(const Mask& m, int r) {
        for (int y = r; y + r < m.height(); ++y) {
            for (int x = r; x + r < m.width(); ++x) {
                bool all = true;
                for (int dy = -r; dy <= r && all; ++dy)
                    for (int dx = -r; dx <= r && all; ++dx) all = m.at(x + dx, y + dy);
                if (all) return {x, y};
            }
        }
        return {-1, -1};
    }
    // The pipeline run directly with `edits` on the same input and parameters.
    processing::PipelineResult referenceWith(const processing::MaskEdits& edits) {
        processing::Pipeline pipeline(gpu::makeBackend(BackendKind::Serial));
        pipeline.setInput(phantom.image, phantom.metadata.spacing);
        pipeline.setMaskEdits(edits);
        return pipeline.run(model.parameters());
    }

    processing::Phantom phantom = smallPhantom();
    PipelineModel model;
    QSignalSpy finished{&model, &PipelineModel::runFinished};
    Mask automatic;
};

TEST_F(PipelineModelMaskEdit, APaintStrokeReachesTheMaskTheFinalImageAndTheEsf) {
    const std::vector<processing::Point2f> stroke = {{20.0f, 20.0f}, {60.0f, 30.0f}};
    ASSERT_TRUE(model.paintMask(stroke, 4.0, true));
    waitForRun();
    const Mask expected = MaskEditTools{}.brush(automatic, stroke, 4.0, true);
    EXPECT_EQ(shown(), expected);
    EXPECT_EQ(model.maskEdits().addedCount(), [&] {
        std::int64_t n = 0;
        for (std::size_t i = 0; i < expected.pixels().size(); ++i)
            n += expected.data()[i] && !automatic.data()[i];
        return n;
    }());
    const processing::PipelineResult reference = referenceWith(model.maskEdits());
    EXPECT_EQ(*model.displayed().final, reference.final);
    EXPECT_EQ(model.displayed().esf->field, reference.esf.field);
    // The stroke lies in the air of the phantom's corner: the user is told.
    EXPECT_GT(model.editsOutsideAnatomy(), 0);
    EXPECT_EQ(model.editsOutsideAnatomy(), reference.editsOutsideAnatomy);
}

TEST_F(PipelineModelMaskEdit, EveryToolIsOneUndoStepAndUndoRedoRestoreTheMask) {
    QUndoStack* stack = model.undoStack();
    const processing::PixelPoint bone = firstBonePixel();
    ASSERT_GE(bone.x, 0);
    ASSERT_TRUE(model.removeMaskPiece(bone.x, bone.y));
    waitForRun();
    const Mask removed = MaskEditTools{}.removeRegion(automatic, bone);
    EXPECT_EQ(shown(), removed);
    processing::Contour square;
    square.points = {{10.5f, 10.5f}, {30.5f, 10.5f}, {30.5f, 30.5f}, {10.5f, 30.5f}};
    ASSERT_TRUE(model.lassoMask(square, true));
    waitForRun();
    const Mask lassoed = MaskEditTools{}.polygon(removed, square, true);
    EXPECT_EQ(shown(), lassoed);
    // A dot erased inside a bone is a hole; Fill holes closes it again.
    const processing::PixelPoint deep = deepBonePixel(lassoed, 4);
    ASSERT_GE(deep.x, 0);
    const std::vector<processing::Point2f> dot = {
        {static_cast<float>(deep.x), static_cast<float>(deep.y)}};
    ASSERT_TRUE(model.paintMask(dot, 2.0, false));
    waitForRun();
    const Mask holed = MaskEditTools{}.brush(lassoed, dot, 2.0, false);
    EXPECT_EQ(shown(), holed);
    ASSERT_TRUE(model.fillMaskHoles());
    waitForRun();
    const Mask filled = MaskEditTools{}.fillHoles(holed);
    EXPECT_EQ(shown(), filled);
    EXPECT_EQ(filled, lassoed);
    ASSERT_EQ(stack->count(), 4);
    EXPECT_EQ(stack->text(0), QStringLiteral("Remove mask piece"));

    stack->undo();
    waitForRun();
    EXPECT_EQ(shown(), holed);
    stack->undo();
    waitForRun();
    EXPECT_EQ(shown(), lassoed);
    stack->undo();
    waitForRun();
    EXPECT_EQ(shown(), removed);
    stack->undo();
    waitForRun();
    EXPECT_EQ(shown(), automatic);
    EXPECT_TRUE(model.maskEdits().empty());
    stack->redo();
    waitForRun();
    EXPECT_EQ(shown(), removed);
    // An edit that changes nothing is no step (worked out on a worker, then dropped).
    QSignalSpy done(&model, &PipelineModel::maskEditDone);
    EXPECT_TRUE(model.removeMaskPiece(0, 0));  // air
    ASSERT_TRUE(waitForCount(done, 1));
    EXPECT_FALSE(done.front().at(0).toBool());
    EXPECT_EQ(stack->count(), 4);
}

TEST_F(PipelineModelMaskEdit, KeepOnlyAndClearEdits) {
    const processing::PixelPoint bone = firstBonePixel();
    ASSERT_TRUE(model.keepOnlyMaskPiece(bone.x, bone.y));
    waitForRun();
    EXPECT_EQ(shown(), MaskEditTools{}.keepOnly(automatic, {bone}));
    ASSERT_TRUE(model.clearMaskEdits());
    waitForRun();
    EXPECT_EQ(shown(), automatic);
    EXPECT_FALSE(model.clearMaskEdits());
}

TEST_F(PipelineModelMaskEdit, EditsAreKeptWhenAParameterReRunsTheContour) {
    const processing::PixelPoint deep = deepBonePixel(automatic, 4);
    ASSERT_GE(deep.x, 0);
    const std::vector<processing::Point2f> stroke = {
        {static_cast<float>(deep.x), static_cast<float>(deep.y)}};
    ASSERT_TRUE(model.paintMask(stroke, 3.0, false));
    waitForRun();
    const processing::MaskEdits edits = model.maskEdits();
    processing::PipelineParameters p = model.parameters();
    p.contour.closeMm += 1.5;
    model.editParameters(p, QStringLiteral("contour.closeMm"));
    waitForRun();
    EXPECT_EQ(model.maskEdits(), edits);
    // The reference: the new parameters' automatic mask with the same edits.
    const processing::PipelineResult reference = referenceWith(edits);
    EXPECT_EQ(shown(), reference.contour.mask);
    EXPECT_EQ(*model.displayed().final, reference.final);
}

TEST_F(PipelineModelMaskEdit, ANewInputClearsTheEditsAndTheirUndoStepsDoNothing) {
    ASSERT_TRUE(model.paintMask({{50.0f, 50.0f}}, 3.0, true));
    waitForRun();
    QSignalSpy changed(&model, &PipelineModel::maskEditsChanged);
    processing::PhantomParams other;
    other.width = 300;
    other.height = 240;
    const processing::Phantom second = processing::FootPhantom{}(other);
    model.setInput(second.image, second.metadata, QStringLiteral("second"));
    EXPECT_TRUE(model.maskEdits().empty());
    EXPECT_EQ(changed.count(), 1);
    waitForRun();
    const Mask secondAutomatic = shown();
    model.undoStack()->undo();  // the paint of the first image: refused, no run
    EXPECT_TRUE(model.maskEdits().empty());
    EXPECT_EQ(shown(), secondAutomatic);
}

}  // namespace
}  // namespace xrayprep::ui::test
