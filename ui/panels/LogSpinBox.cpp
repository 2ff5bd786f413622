#include "ui/panels/LogSpinBox.h"

#include <algorithm>
#include <cmath>

namespace xrayprep::ui {

LogSpinBox::LogSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // Enough decimals that Qt's rounding never touches a tolerance like 1e-12.
    setDecimals(30);
}

void LogSpinBox::stepBy(int steps) {
    const double v = value() > 0.0 ? value() : minimum();
    // Through the text, so the value is exactly what the box shows (1e-05, not 9.99e-06).
    const double stepped = valueFromText(textFromValue(v * std::pow(10.0, steps)));
    setValue(std::clamp(stepped, minimum(), maximum()));
    selectAll();
}

QString LogSpinBox::textFromValue(double value) const { return locale().toString(value, 'g', 3); }

double LogSpinBox::valueFromText(const QString& text) const {
    return locale().toDouble(text.trimmed());
}

QValidator::State LogSpinBox::validate(QString& text, int& /*pos*/) const {
    const QString t = text.trimmed();
    if (t.isEmpty()) return QValidator::Intermediate;
    bool ok = false;
    const double v = locale().toDouble(t, &ok);
    if (!ok) {
        // Partial input such as "1e" or "1e-" may still become a number.
        const QChar last = t.back();
        const bool partial = last == 'e' || last == 'E' || last == '-' || last == '+' ||
                             last == locale().decimalPoint().front();
        return partial ? QValidator::Intermediate : QValidator::Invalid;
    }
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

}  // namespace xrayprep::ui
