#include "ui/panels/ParameterEditor.h"

#include "ui/data/ParameterLabels.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <cmath>
#include <map>
#include <stdexcept>

#include "ui/panels/LogSpinBox.h"
#include "ui/panels/OddSpinBox.h"
#include "ui/panels/ParameterApplicability.h"

namespace xrayprep::ui {
namespace {

using processing::Json;
using processing::ParameterDescriptor;
using processing::ParameterKind;
using processing::PipelineParameters;

constexpr int kMaxDecimals = 4;

// Decimals that show x exactly (up to 7).
int decimalsNeeded(double x) {
    for (int k = 0; k < 7; ++k) {
        const double scaled = x * std::pow(10.0, k);
        if (std::abs(scaled - std::round(scaled)) < 1e-9 * std::max(1.0, std::abs(scaled))) {
            return k;
        }
    }
    return 7;
}

double defaultOf(const ParameterDescriptor& d) {
    const Json v = d.get(PipelineParameters{});
    return v.is_number() ? v.get<double>() : d.minimum;
}

// The descriptor's set() is the only judge of validity; probing it tells whether even values
// are refused, so the spin box can step over them.
bool takesOnlyOdd(const ParameterDescriptor& d) {
    // An odd minimum, or 0 ("auto") followed by odd values only.
    const double lo = d.minimum;
    const double firstOdd = std::fmod(lo, 2.0) == 0.0 ? lo + 1 : lo;
    if (d.kind != ParameterKind::Integer || (lo != 0.0 && firstOdd != lo) ||
        firstOdd + 2 > d.maximum) {
        return false;
    }
    PipelineParameters p;
    try {
        d.set(p, Json(firstOdd + 1));
        return false;
    } catch (const std::invalid_argument&) {
    }
    try {
        d.set(p, Json(firstOdd + 2));
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

// A step of about a tenth of the default's magnitude (a hundredth of the range for zero).
double stepFor(double defaultValue, double range) {
    const double magnitude = defaultValue != 0.0 ? std::abs(defaultValue) : range / 10.0;
    return magnitude > 0.0 ? std::pow(10.0, std::floor(std::log10(magnitude)) - 1.0) : 1.0;
}

QString suffixFor(const ParameterDescriptor& d) {
    if (d.unit.empty() || d.unit == "fraction" || d.unit == "stored value") return {};
    return QStringLiteral(" ") + QString::fromStdString(d.unit);
}

QString rangeText(const ParameterDescriptor& d) {
    if (d.kind == ParameterKind::Choice) {
        QStringList choices;
        for (const auto& c : d.choices) choices << QString::fromStdString(c);
        return QObject::tr("One of: %1").arg(choices.join(QStringLiteral(", ")));
    }
    const QString unit =
        d.unit.empty() ? QString() : QStringLiteral(" ") + QString::fromStdString(d.unit);
    return QObject::tr("Range: %1 – %2%3")
        .arg(parameterValueText(Json(d.minimum)), parameterValueText(Json(d.maximum)), unit);
}

}  // namespace

QString parameterValueText(const Json& value) {
    if (value.is_string()) return QString::fromStdString(value.get<std::string>());
    return QString::fromStdString(processing::dumpJson(value, -1));
}

QString ParameterEditor::labelFor(const ParameterDescriptor& d) {
    return QObject::tr(parameterLabel(d.key).c_str());
}

QString ParameterEditor::toolTipFor(const ParameterDescriptor& d) {
    QString tip =
        QStringLiteral("<b>%1</b> <code>%2</code><br>%3<br><i>%4</i>")
            .arg(labelFor(d).toHtmlEscaped(), QString::fromStdString(d.key),
                 QString::fromStdString(d.help).toHtmlEscaped(), rangeText(d).toHtmlEscaped());
    if (const auto condition = conditionFor(d.key)) {
        QStringList values;
        for (const auto& v : condition->values) values << QString::fromStdString(v);
        tip += QObject::tr("<br>Used when %1 = %2")
                   .arg(QString::fromStdString(condition->controllingKey), values.join(" / "));
    }
    return tip;
}

ParameterEditor::ParameterEditor(const ParameterDescriptor& descriptor, QWidget* parent)
    : QObject(parent), descriptor_(&descriptor) {
    switch (descriptor.kind) {
        case ParameterKind::Choice:
            buildChoice();
            break;
        case ParameterKind::Integer:
            buildInteger(descriptor);
            break;
        case ParameterKind::Real:
            buildReal(descriptor);
            break;
    }
    editor_->setParent(parent);
    editor_->setFocusPolicy(Qt::StrongFocus);
    editor_->installEventFilter(this);
    editor_->setObjectName(QString::fromStdString(descriptor.key));
    editor_->setToolTip(toolTipFor(descriptor));
    label_ = new QLabel(labelFor(descriptor), parent);
    label_->setToolTip(editor_->toolTip());
    label_->setBuddy(editor_);
    showValue(PipelineParameters{});
}

void ParameterEditor::buildChoice() {
    auto* combo = new QComboBox;
    for (const auto& c : descriptor_->choices) combo->addItem(QString::fromStdString(c));
    connect(combo, &QComboBox::activated, this, &ParameterEditor::edited);
    editor_ = combo;
}

void ParameterEditor::buildInteger(const ParameterDescriptor& d) {
    const bool odd = takesOnlyOdd(d);
    QSpinBox* spin = odd ? new OddSpinBox : new QSpinBox;
    spin->setRange(static_cast<int>(d.minimum), static_cast<int>(d.maximum));
    if (!odd) {
        spin->setSingleStep(static_cast<int>(std::max(1.0, stepFor(defaultOf(d), 0.0))));
    }
    spin->setSuffix(suffixFor(d));
    spin->setGroupSeparatorShown(d.maximum >= 100000);
    spin->setKeyboardTracking(false);
    spin->setAlignment(Qt::AlignRight);
    spin->setAccelerated(true);
    connect(spin, &QSpinBox::valueChanged, this, &ParameterEditor::edited);
    editor_ = spin;
}

void ParameterEditor::buildReal(const ParameterDescriptor& d) {
    QDoubleSpinBox* spin = nullptr;
    if (d.minimum > 0.0 && d.maximum / d.minimum >= 1e8) {
        spin = new LogSpinBox;
        spin->setRange(d.minimum, d.maximum);
    } else {
        spin = new QDoubleSpinBox;
        // Decimals that show the default and a meaningful minimum; a tiny positive minimum
        // (a guard against zero) is raised to the first value shown, inside the range.
        const int minDecimals = decimalsNeeded(d.minimum);
        const int decimals =
            std::clamp(std::max(decimalsNeeded(defaultOf(d)), minDecimals <= 3 ? minDecimals : 0),
                       2, kMaxDecimals);
        const double scale = std::pow(10.0, decimals);
        spin->setDecimals(decimals);
        spin->setRange(std::ceil(d.minimum * scale - 1e-9) / scale,
                       std::floor(d.maximum * scale + 1e-9) / scale);
        spin->setSingleStep(std::max(1.0 / scale, stepFor(defaultOf(d), d.maximum - d.minimum)));
    }
    spin->setSuffix(suffixFor(d));
    spin->setKeyboardTracking(false);
    spin->setAlignment(Qt::AlignRight);
    spin->setAccelerated(true);
    connect(spin, &QDoubleSpinBox::valueChanged, this, &ParameterEditor::edited);
    editor_ = spin;
}

void ParameterEditor::showValue(const PipelineParameters& params) {
    const Json v = descriptor_->get(params);
    const QSignalBlocker block(editor_);
    if (auto* combo = qobject_cast<QComboBox*>(editor_)) {
        combo->setCurrentIndex(
            v.is_string() ? combo->findText(QString::fromStdString(v.get<std::string>())) : -1);
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor_)) {
        spin->setValue(static_cast<int>(v.get<double>()));
    } else if (auto* real = qobject_cast<QDoubleSpinBox*>(editor_)) {
        real->setValue(v.get<double>());
    }
}

processing::Json ParameterEditor::value() const {
    if (auto* combo = qobject_cast<QComboBox*>(editor_)) {
        return Json(combo->currentText().toStdString());
    }
    if (auto* spin = qobject_cast<QSpinBox*>(editor_)) return Json(spin->value());
    if (auto* real = qobject_cast<QDoubleSpinBox*>(editor_)) return Json(real->value());
    return Json();
}

bool ParameterEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched == editor_ && event->type() == QEvent::Wheel && !editor_->hasFocus()) {
        event->ignore();  // ignored: Qt passes it on to the scroll area
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void ParameterEditor::setApplicable(bool applies) {
    editor_->setEnabled(applies);
    label_->setEnabled(applies);
}

}  // namespace xrayprep::ui
