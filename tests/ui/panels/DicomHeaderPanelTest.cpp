// The header panel hides patient fields unless asked, filters, and copies only what it shows.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QLocale>
#include <memory>

#include "ui/panels/DicomHeaderPanel.h"

namespace xrayprep::ui {
namespace {

std::shared_ptr<const processing::ImageMetadata> footMetadata() {
    auto md = std::make_shared<processing::ImageMetadata>();
    md->photometric = processing::Photometric::Monochrome1;
    md->frameCount = 3;
    md->frameIndex = 1;
    md->headerFields = {{"Modality", "DX"},
                        {"PatientName", "Doe^Jane"},
                        {"PatientID", "12345"},
                        {"StudyDate", "20240101"}};
    md->warnings = {"colour image converted to luminance"};
    return md;
}

TEST(DicomHeaderRows, DerivedFactsFromHandWrittenMetadata) {
    const QLocale previous;
    QLocale::setDefault(QLocale::c());
    processing::ImageMetadata md;
    md.spacing = processing::PixelSpacing{0.15, 0.14, "ImagerPixelSpacing"};
    md.rescaleIntercept = -1024;
    md.windowCenter = 2048;
    md.windowWidth = 4096;
    const auto rows = headerRows(md, "foot.dcm", QSize(2920, 2320), 12);
    auto valueOf = [&rows](const QString& attribute) {
        for (const auto& r : rows) {
            if (r.attribute == attribute) return r.value;
        }
        return QStringLiteral("<missing>");
    };
    EXPECT_EQ(valueOf("Input"), "foot.dcm");
    EXPECT_EQ(valueOf("Size"), QStringLiteral("2920 × 2320 px"));
    EXPECT_EQ(valueOf("Bits stored"), QStringLiteral("12 (0 – 4095)"));
    EXPECT_EQ(valueOf("Photometric"), "MONOCHROME2");
    EXPECT_EQ(valueOf("Pixel spacing"), QStringLiteral("0.1500 × 0.1400 mm (ImagerPixelSpacing)"));
    EXPECT_EQ(valueOf("Rescale"), QStringLiteral("slope 1 · intercept -1024"));
    EXPECT_EQ(valueOf("Window"), QStringLiteral("center 2048 · width 4096"));
    EXPECT_EQ(valueOf("Frame"), "1 of 1");
    QLocale::setDefault(previous);

    EXPECT_TRUE(isPatientField("PatientName"));
    EXPECT_TRUE(isPatientField("PatientBirthDate"));
    EXPECT_FALSE(isPatientField("StudyDate"));
    EXPECT_TRUE(isPatientField("AccessionNumber"));
    EXPECT_TRUE(isPatientField("ReferringPhysicianName"));
    EXPECT_FALSE(isPatientField("Patien"));
}

TEST(DicomHeaderPanel, HidesPatientFieldsByDefaultAndShowsThemWhenAsked) {
    DicomHeaderPanel panel;
    int toggles = 0;
    bool lastShown = false;
    QObject::connect(&panel, &DicomHeaderPanel::showPatientDataChanged, [&](bool on) {
        ++toggles;
        lastShown = on;
    });
    panel.setMetadata(footMetadata(), "foot.dcm", QSize(2920, 2320), 12);
    EXPECT_FALSE(panel.showPatientData());
    QStringList shown = panel.visibleAttributes();
    EXPECT_TRUE(shown.contains("Modality"));
    EXPECT_TRUE(shown.contains("StudyDate"));
    EXPECT_FALSE(shown.contains("PatientName"));
    EXPECT_FALSE(shown.contains("PatientID"));
    EXPECT_FALSE(panel.visibleText().contains("Doe^Jane"));
    EXPECT_FALSE(panel.visibleText().contains("12345"));
    EXPECT_TRUE(panel.visibleText().contains(QStringLiteral("unknown — pixels")));
    EXPECT_TRUE(panel.visibleText().contains("colour image converted"));
    EXPECT_TRUE(panel.visibleText().contains("2 of 3"));
    EXPECT_TRUE(panel.visibleText().contains("MONOCHROME1"));

    panel.setShowPatientData(true);  // the persisted setting: silent
    EXPECT_EQ(toggles, 0);
    shown = panel.visibleAttributes();
    EXPECT_TRUE(shown.contains("PatientName"));
    EXPECT_TRUE(panel.visibleText().contains("Doe^Jane"));

    auto* box = panel.findChild<QCheckBox*>(QStringLiteral("showPatientData"));
    ASSERT_NE(box, nullptr);
    box->click();  // the user hides them again
    EXPECT_EQ(toggles, 1);
    EXPECT_FALSE(lastShown);
    EXPECT_FALSE(panel.visibleAttributes().contains("PatientName"));
}

TEST(DicomHeaderPanel, FilterNarrowsRowsWithoutRevealingPatientData) {
    DicomHeaderPanel panel;
    panel.setMetadata(footMetadata(), "foot.dcm", QSize(100, 80), 12);
    panel.setFilterText("study");
    EXPECT_EQ(panel.visibleAttributes(), QStringList{"StudyDate"});
    panel.setFilterText("doe");  // a patient's value must not match while hidden
    EXPECT_TRUE(panel.visibleAttributes().isEmpty());
    panel.setShowPatientData(true);
    EXPECT_EQ(panel.visibleAttributes(), QStringList{"PatientName"});
    panel.setFilterText({});
    panel.clear();
    EXPECT_TRUE(panel.visibleAttributes().isEmpty());
}

}  // namespace
}  // namespace xrayprep::ui
