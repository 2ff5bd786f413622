#pragma once

#include <QDoubleSpinBox>

namespace xrayprep::ui {

// A spin box for values spanning many decades (solver tolerances): shows them in scientific
// notation ("1e-06") and steps by factors of ten.
class LogSpinBox : public QDoubleSpinBox {
    Q_OBJECT
  public:
    explicit LogSpinBox(QWidget* parent = nullptr);

    void stepBy(int steps) override;
    [[nodiscard]] QString textFromValue(double value) const override;
    [[nodiscard]] double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
};

}  // namespace xrayprep::ui
