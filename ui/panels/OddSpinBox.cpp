#include "ui/panels/OddSpinBox.h"

#include <algorithm>
#include <cstdlib>

namespace xrayprep::ui {

OddSpinBox::OddSpinBox(QWidget* parent) : QSpinBox(parent) {
    setSingleStep(2);
    setSpecialValueText(tr("auto"));  // shown only when the minimum (0) is allowed
}

void OddSpinBox::stepBy(int steps) {
    int v = value();
    for (int i = 0; i < std::abs(steps); ++i) {
        if (steps > 0) {
            v = v == 0 ? 3 : v + 2;
        } else {
            v = v <= 1 ? minimum() : v - 2;
        }
    }
    setValue(std::clamp(v, minimum(), maximum()));
}

QValidator::State OddSpinBox::validate(QString& text, int& pos) const {
    const QValidator::State state = QSpinBox::validate(text, pos);
    if (state != QValidator::Acceptable) return state;
    const int v = valueFromText(text);
    return v % 2 != 0 || (v == 0 && minimum() == 0) ? QValidator::Acceptable
                                                    : QValidator::Intermediate;
}

void OddSpinBox::fixup(QString& input) const {
    QSpinBox::fixup(input);
    QString number = input;
    if (number.startsWith(prefix())) number.remove(0, prefix().size());
    if (number.endsWith(suffix())) number.chop(suffix().size());
    bool ok = false;
    const int typed = locale().toInt(number.remove(locale().groupSeparator()).trimmed(), &ok);
    if (!ok || typed % 2 != 0 || typed < minimum() || typed > maximum()) return;
    const int odd = typed + 1 <= maximum() ? typed + 1 : typed - 1;
    input = prefix() + textFromValue(odd) + suffix();
}

}  // namespace xrayprep::ui
