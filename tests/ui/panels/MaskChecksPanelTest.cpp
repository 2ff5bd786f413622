// The mask checks panel lists every check, failed ones first, and says when the mask needs
// review.
#include <gtest/gtest.h>

#include <memory>

#include <QFormLayout>

#include "ui/panels/CollapsibleSection.h"
#include "ui/panels/MaskChecksPanel.h"
#include "ui/panels/ParameterPanel.h"

namespace xrayprep::ui {
namespace {

std::shared_ptr<const processing::QualityReport> report(bool borderPassed) {
    auto r = std::make_shared<processing::QualityReport>();
    r->checks = {{"empty", true, 0.4, 0.002, "mask has 100 pixels"},
                 {"border", borderPassed, 0.5, 0.3, "mask runs along the top edge"},
                 {"fraction", true, 0.4, 0.05, "bone is 40 % of the anatomy"}};
    return r;
}

TEST(MaskChecksPanel, ListsEveryCheckWithItsMessageFailedOnesFirst) {
    MaskChecksPanel panel;
    EXPECT_EQ(panel.summaryText(), QStringLiteral("No mask yet"));
    EXPECT_TRUE(panel.rowTexts().isEmpty());

    panel.setReport(report(true));
    EXPECT_EQ(panel.summaryText(), QStringLiteral("All 3 mask checks passed"));
    QStringList rows = panel.rowTexts();
    ASSERT_EQ(rows.size(), 3);
    EXPECT_TRUE(rows[0].startsWith(QStringLiteral("<b>empty</b>"))) << rows[0].toStdString();
    EXPECT_TRUE(rows[0].contains(QStringLiteral("mask has 100 pixels")));

    panel.setReport(report(false));
    EXPECT_EQ(panel.summaryText(), QStringLiteral("Mask needs review: 1 of 3 checks failed"));
    rows = panel.rowTexts();
    ASSERT_EQ(rows.size(), 3);
    EXPECT_TRUE(rows[0].startsWith(QStringLiteral("<b>border</b>"))) << rows[0].toStdString();
    EXPECT_TRUE(rows[1].startsWith(QStringLiteral("<b>empty</b>")));
    EXPECT_TRUE(rows[2].startsWith(QStringLiteral("<b>fraction</b>")));
    auto* border = panel.findChild<QWidget*>(QStringLiteral("check-border"));
    ASSERT_NE(border, nullptr);
    EXPECT_FALSE(border->property("passed").toBool());
    EXPECT_TRUE(
        panel.findChild<QWidget*>(QStringLiteral("check-empty"))->property("passed").toBool());

    panel.clear();
    EXPECT_EQ(panel.summaryText(), QStringLiteral("No mask yet"));
    EXPECT_TRUE(panel.rowTexts().isEmpty());
}

TEST(MaskChecksPanel, MessagesAreShownAsTextNotMarkup) {
    auto r = std::make_shared<processing::QualityReport>();
    r->checks = {{"empty", false, 0, 0.002, "mask is <b>empty</b> & gone"}};
    MaskChecksPanel panel;
    panel.setReport(r);
    ASSERT_EQ(panel.rowTexts().size(), 1);
    EXPECT_TRUE(
        panel.rowTexts()[0].contains(QStringLiteral("mask is &lt;b&gt;empty&lt;/b&gt; &amp; gone")))
        << panel.rowTexts()[0].toStdString();
}

TEST(MaskChecksPanel, TheChecksLimitsAreAFoldedSectionOfTheParameterPanel) {
    ParameterPanel parameters;
    auto* section = parameters.findChild<CollapsibleSection*>(QStringLiteral("section.mask"));
    ASSERT_NE(section, nullptr);
    EXPECT_FALSE(section->isExpanded());
    EXPECT_EQ(section->form()->rowCount(), 17);  // every quality.* parameter
}

}  // namespace
}  // namespace xrayprep::ui
