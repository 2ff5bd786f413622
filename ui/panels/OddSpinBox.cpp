#include "ui/panels/OddSpinBox.h"

namespace xrayprep::ui {

OddSpinBox::OddSpinBox(QWidget* parent) : QSpinBox(parent) { setSingleStep(2); }

QValidator::State OddSpinBox::validate(QString& text, int& pos) const {
    const QValidator::State state = QSpinBox::validate(text, pos);
    if (state != QValidator::Acceptable) return state;
    return valueFromText(text) % 2 != 0 ? QValidator::Acceptable : QValidator::Intermediate;
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
