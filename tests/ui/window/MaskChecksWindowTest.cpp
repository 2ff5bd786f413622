// The window shows the mask's quality checks beside the image once the mask stage has run, and
// says in the status bar when the mask needs review.
#include <QLabel>

#include "processing/pipeline/ParameterRegistry.h"
#include "tests/ui/window/WindowTestSupport.h"
#include "ui/panels/MaskChecksPanel.h"

namespace xrayprep::ui::test {
namespace {

class MaskChecksWindow : public WindowFixture {
  protected:
    [[nodiscard]] MaskChecksPanel* panel() const { return window->findChild<MaskChecksPanel*>(); }
    [[nodiscard]] QString statusText() const {
        auto* label = window->findChild<QLabel*>(QStringLiteral("qualityLabel"));
        return label ? label->text() : QStringLiteral("<no label>");
    }
};

TEST_F(MaskChecksWindow, TheSampleRunShowsItsEightChecks) {
    ASSERT_NE(panel(), nullptr);
    EXPECT_EQ(panel()->summaryText(), QStringLiteral("No mask yet"));
    loadSmallSample();
    const auto& quality = model->displayed().quality;
    ASSERT_NE(quality, nullptr);
    EXPECT_EQ(panel()->report(), quality.get());  // what the run computed, not a copy
    const QStringList rows = panel()->rowTexts();
    ASSERT_EQ(rows.size(), 8);
    for (const char* id : {"empty", "whole-anatomy", "border", "straight-edge", "fraction",
                           "fragments", "textured-gap", "body-part"}) {
        EXPECT_EQ(rows.filter(QStringLiteral("<b>%1</b>").arg(QLatin1String(id))).size(), 1) << id;
    }
    EXPECT_EQ(statusText(), quality->needsReview() ? QStringLiteral("⚠ Mask needs review")
                                                   : QStringLiteral("Mask checks passed"));
}

TEST_F(MaskChecksWindow, AnEmptyMaskShowsTheEmptyCheckFailed) {
    loadSmallSample();
    // No foreground region is large enough to be contoured: the mask is empty.
    const processing::ParameterDescriptor* minArea = processing::findParameter("contour.minArea");
    ASSERT_NE(minArea, nullptr);
    processing::PipelineParameters p = model->parameters();
    minArea->set(p, processing::Json(minArea->maximum));
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    model->editParameters(p, QStringLiteral("minimum area to its maximum"));
    ASSERT_TRUE(waitForCount(finished, 1));
    ASSERT_NE(model->displayed().quality, nullptr);
    const processing::QualityCheck* empty = model->displayed().quality->find("empty");
    ASSERT_NE(empty, nullptr);
    EXPECT_FALSE(empty->passed);
    EXPECT_TRUE(panel()->summaryText().startsWith(QStringLiteral("Mask needs review")))
        << panel()->summaryText().toStdString();
    const QStringList rows = panel()->rowTexts();
    ASSERT_FALSE(rows.isEmpty());
    EXPECT_EQ(rows.front(), QStringLiteral("<b>empty</b> — mask is empty"));
    auto* row = panel()->findChild<QWidget*>(QStringLiteral("check-empty"));
    ASSERT_NE(row, nullptr);
    EXPECT_FALSE(row->property("passed").toBool());
    EXPECT_EQ(statusText(), QStringLiteral("⚠ Mask needs review"));
}

}  // namespace
}  // namespace xrayprep::ui::test
