// The parameter panel: one editor per descriptor, edits reported with a description, no
// emission from setParameters, ranges and oddness enforced, method-dependent rows.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>
#include <vector>

#include "processing/pipeline/ParameterRegistry.h"
#include "ui/panels/ParameterApplicability.h"
#include "ui/panels/ParameterPanel.h"

namespace xrayprep::ui {
namespace {

using processing::ContourMethod;
using processing::ParameterKind;
using processing::PipelineParameters;

struct Edit {
    PipelineParameters params;
    QString description;
};

struct Recorder {
    explicit Recorder(ParameterPanel& panel) {
        QObject::connect(&panel, &ParameterPanel::parametersEdited,
                         [this](const PipelineParameters& p, const QString& d) {
                             edits.push_back({p, d});
                         });
    }
    std::vector<Edit> edits;
};

template <typename T>
T* editor(const ParameterPanel& panel, const char* key) {
    auto* w = qobject_cast<T*>(panel.editorFor(QString::fromUtf8(key)));
    EXPECT_NE(w, nullptr) << key;
    return w;
}

// Typing needs a shown, focused editor, as for a user.
void focusForTyping(ParameterPanel& panel, QAbstractSpinBox* spin) {
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    panel.activateWindow();
    spin->setFocus();
    spin->selectAll();
}

TEST(ParameterPanel, BuildsAnEditorForEveryDescriptorWithinItsRange) {
    ParameterPanel panel;
    for (const auto& d : processing::parameterDescriptors()) {
        QWidget* w = panel.editorFor(QString::fromStdString(d.key));
        ASSERT_NE(w, nullptr) << d.key;
        EXPECT_TRUE(w->toolTip().contains(QString::fromStdString(d.key))) << d.key;
        EXPECT_TRUE(w->toolTip().contains(QString::fromStdString(d.help).toHtmlEscaped())) << d.key;
        if (d.kind == ParameterKind::Choice) {
            auto* combo = qobject_cast<QComboBox*>(w);
            ASSERT_NE(combo, nullptr) << d.key;
            ASSERT_EQ(combo->count(), static_cast<int>(d.choices.size()));
            for (int i = 0; i < combo->count(); ++i) {
                EXPECT_EQ(combo->itemText(i).toStdString(), d.choices[static_cast<std::size_t>(i)]);
            }
        } else if (d.kind == ParameterKind::Integer) {
            auto* spin = qobject_cast<QSpinBox*>(w);
            ASSERT_NE(spin, nullptr) << d.key;
            EXPECT_GE(spin->minimum(), d.minimum) << d.key;
            EXPECT_LE(spin->maximum(), d.maximum) << d.key;
            EXPECT_FALSE(spin->keyboardTracking()) << d.key;
        } else {
            auto* spin = qobject_cast<QDoubleSpinBox*>(w);
            ASSERT_NE(spin, nullptr) << d.key;
            EXPECT_GE(spin->minimum(), d.minimum) << d.key;
            EXPECT_LE(spin->maximum(), d.maximum) << d.key;
            EXPECT_FALSE(spin->keyboardTracking()) << d.key;
        }
    }
    EXPECT_EQ(editor<QSpinBox>(panel, "median.size")->suffix(), " px");
}

TEST(ParameterPanel, SetParametersShowsValuesWithoutEmitting) {
    ParameterPanel panel;
    Recorder rec(panel);
    PipelineParameters p;
    p.median.size = 7;
    p.contour.method = ContourMethod::Snake;
    p.contour.alpha = 0.3;
    p.esf.tolerance = 1e-8;
    panel.setParameters(p);
    EXPECT_TRUE(rec.edits.empty());
    EXPECT_EQ(editor<QSpinBox>(panel, "median.size")->value(), 7);
    EXPECT_EQ(editor<QComboBox>(panel, "contour.method")->currentText(), "snake");
    EXPECT_DOUBLE_EQ(editor<QDoubleSpinBox>(panel, "contour.alpha")->value(), 0.3);
    EXPECT_DOUBLE_EQ(editor<QDoubleSpinBox>(panel, "esf.tolerance")->value(), 1e-8);
    EXPECT_EQ(panel.parameters(), p);
}

TEST(ParameterPanel, SteppingASpinBoxEmitsTheNewParametersAndADescription) {
    ParameterPanel panel;
    panel.setParameters(PipelineParameters{});
    Recorder rec(panel);
    editor<QSpinBox>(panel, "median.size")->stepBy(1);
    ASSERT_EQ(rec.edits.size(), 1u);
    // From "auto" (0: the size follows median.sizeMm) one step up is the smallest window.
    PipelineParameters expected;
    expected.median.size = 3;
    EXPECT_EQ(rec.edits[0].params, expected);
    EXPECT_EQ(rec.edits[0].description, QStringLiteral("Median window (px): 0 → 3"));

    editor<QDoubleSpinBox>(panel, "contour.cvMu")->setValue(0.35);
    ASSERT_EQ(rec.edits.size(), 2u);
    expected.contour.cvMu = 0.35;
    EXPECT_EQ(rec.edits[1].params, expected);
    EXPECT_EQ(rec.edits[1].description, QStringLiteral("Contour curvature μ: 0.2 → 0.35"));
}

TEST(ParameterPanel, TypedDigitsEmitOnceOnReturnNotPerDigit) {
    ParameterPanel panel;
    PipelineParameters p;
    p.contour.method = ContourMethod::Snake;  // maxIterations is a snake parameter
    panel.setParameters(p);
    Recorder rec(panel);
    auto* spin = editor<QSpinBox>(panel, "contour.maxIterations");
    focusForTyping(panel, spin);
    QTest::keyClicks(spin, "450");
    EXPECT_TRUE(rec.edits.empty());
    QTest::keyClick(spin, Qt::Key_Return);
    ASSERT_EQ(rec.edits.size(), 1u);
    EXPECT_EQ(rec.edits[0].params.contour.maxIterations, 450);
    EXPECT_EQ(rec.edits[0].description, QStringLiteral("Contour max. iterations: 300 → 450"));
}

TEST(ParameterPanel, OutOfRangeValuesCannotBeEntered) {
    ParameterPanel panel;
    Recorder rec(panel);
    auto* spin = editor<QSpinBox>(panel, "median.size");
    focusForTyping(panel, spin);
    QTest::keyClicks(spin, "501");
    QTest::keyClick(spin, Qt::Key_Return);
    EXPECT_LE(spin->value(), 101);
    for (const Edit& e : rec.edits) EXPECT_LE(e.params.median.size, 101);
    auto* gvfMu = editor<QDoubleSpinBox>(panel, "contour.gvfMu");
    gvfMu->setValue(7.0);  // clamped by the editor's range, which is the descriptor's
    EXPECT_LE(gvfMu->value(), 0.25);
    for (const Edit& e : rec.edits) EXPECT_LE(e.params.contour.gvfMu, 0.25);
}

TEST(ParameterPanel, MedianSizeStaysOdd) {
    ParameterPanel panel;
    Recorder rec(panel);
    auto* spin = editor<QSpinBox>(panel, "median.size");
    EXPECT_EQ(spin->singleStep(), 2);
    focusForTyping(panel, spin);
    QTest::keyClicks(spin, "20");
    QTest::keyClick(spin, Qt::Key_Return);
    EXPECT_EQ(spin->value(), 21);
    ASSERT_EQ(rec.edits.size(), 1u);
    EXPECT_EQ(rec.edits.back().params.median.size, 21);

    // Even a programmatic even value never reaches the model: set() refuses it, the editor
    // goes back to the current value and the panel says why.
    spin->setValue(24);
    EXPECT_EQ(rec.edits.size(), 1u);
    EXPECT_EQ(spin->value(), 21);
    auto* error = panel.findChild<QLabel*>(QStringLiteral("parameterError"));
    ASSERT_NE(error, nullptr);
    EXPECT_FALSE(error->isHidden());
    EXPECT_TRUE(error->text().contains("median.size"));

    EXPECT_EQ(editor<QSpinBox>(panel, "threshold.smoothBins")->singleStep(), 2);
}

TEST(ParameterPanel, MethodSpecificParametersFollowTheChosenMethod) {
    ParameterPanel panel;
    Recorder rec(panel);
    // Defaults: background, regions, explicit.
    EXPECT_FALSE(panel.isParameterShown("threshold.minPeakFraction"));
    EXPECT_FALSE(panel.isParameterShown("threshold.value"));
    EXPECT_TRUE(panel.isParameterShown("threshold.smoothBins"));
    EXPECT_TRUE(panel.isParameterShown("contour.edgeLevelSigmaMm"));
    EXPECT_FALSE(panel.isParameterShown("contour.cvMu"));
    EXPECT_FALSE(panel.isParameterShown("contour.alpha"));
    EXPECT_FALSE(panel.editorFor("contour.alpha")->isEnabled());
    EXPECT_TRUE(panel.isParameterShown("contour.minArea"));
    EXPECT_TRUE(panel.isParameterShown("esf.dt"));
    EXPECT_FALSE(panel.isParameterShown("esf.tolerance"));

    // The user picks "manual" with the keyboard (background -> valley -> otsu -> manual).
    auto* method = editor<QComboBox>(panel, "threshold.method");
    QTest::keyClick(method, Qt::Key_Down);
    EXPECT_TRUE(panel.isParameterShown("threshold.minPeakFraction"));
    QTest::keyClick(method, Qt::Key_Down);
    QTest::keyClick(method, Qt::Key_Down);
    ASSERT_EQ(rec.edits.size(), 3u);
    EXPECT_EQ(rec.edits.back().params.threshold.method, processing::ThresholdMethod::Manual);
    EXPECT_EQ(rec.edits.back().description, QStringLiteral("Threshold method: otsu → manual"));
    EXPECT_TRUE(panel.isParameterShown("threshold.value"));
    EXPECT_FALSE(panel.isParameterShown("threshold.minPeakFraction"));

    PipelineParameters p;
    p.contour.method = ContourMethod::Snake;
    p.esf.mode = processing::EsfMode::Converged;
    panel.setParameters(p);
    EXPECT_TRUE(panel.isParameterShown("contour.alpha"));
    EXPECT_TRUE(panel.editorFor("contour.alpha")->isEnabled());
    EXPECT_FALSE(panel.isParameterShown("contour.cvMu"));
    EXPECT_FALSE(panel.isParameterShown("contour.edgeLevelSigmaMm"));
    EXPECT_TRUE(panel.isParameterShown("esf.tolerance"));
    EXPECT_FALSE(panel.isParameterShown("esf.iterations"));
}

TEST(ParameterPanel, ResetRestoresOnlyThatStagesDefaults) {
    ParameterPanel panel;
    PipelineParameters p;
    p.median.size = 7;
    p.threshold.method = processing::ThresholdMethod::Otsu;
    panel.setParameters(p);
    Recorder rec(panel);
    auto* reset = panel.findChild<QToolButton*>(QStringLiteral("reset.median"));
    ASSERT_NE(reset, nullptr);
    reset->click();
    ASSERT_EQ(rec.edits.size(), 1u);
    EXPECT_EQ(rec.edits[0].params.median.size, 0);
    EXPECT_EQ(rec.edits[0].params.threshold.method, processing::ThresholdMethod::Otsu);
    EXPECT_TRUE(rec.edits[0].description.contains("reset"));
    reset->click();  // nothing left to reset: no edit
    EXPECT_EQ(rec.edits.size(), 1u);
}

TEST(ParameterPanel, LogEditorStepsByDecades) {
    ParameterPanel panel;
    PipelineParameters p;
    p.esf.mode = processing::EsfMode::Converged;
    panel.setParameters(p);
    Recorder rec(panel);
    editor<QDoubleSpinBox>(panel, "esf.tolerance")->stepBy(1);
    ASSERT_EQ(rec.edits.size(), 1u);
    EXPECT_DOUBLE_EQ(rec.edits[0].params.esf.tolerance, 1e-5);
    EXPECT_EQ(rec.edits[0].description, QStringLiteral("ESF tolerance: 1e-06 → 1e-05"));
}

TEST(ParameterApplicability, EveryRuleNamesRealKeysAndChoices) {
    const auto keys = conditionalKeys();
    EXPECT_GE(keys.size(), 10u);
    for (const auto& key : keys) {
        const auto* d = processing::findParameter(key);
        ASSERT_NE(d, nullptr) << key;
        const auto condition = conditionFor(key);
        ASSERT_TRUE(condition.has_value());
        const auto* control = processing::findParameter(condition->controllingKey);
        ASSERT_NE(control, nullptr) << condition->controllingKey;
        EXPECT_EQ(control->kind, ParameterKind::Choice);
        EXPECT_EQ(control->stage, d->stage) << key;
        for (const auto& v : condition->values) {
            EXPECT_NE(std::find(control->choices.begin(), control->choices.end(), v),
                      control->choices.end())
                << key << " names " << v;
        }
    }
}

}  // namespace
}  // namespace xrayprep::ui
