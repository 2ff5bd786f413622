#pragma once

#include <QSpinBox>

namespace xrayprep::ui {

// An integer spin box that only takes odd values (window sides, smoothing widths): steps by 2
// from an odd minimum, and a typed even value is moved to the next odd one instead of being
// rejected, so what the user typed still counts. With a minimum of 0, 0 is the one even value
// allowed, shown as "auto" (the size then follows a size in mm): stepping up from it goes to
// 3, stepping down from 1 back to it.
class OddSpinBox : public QSpinBox {
    Q_OBJECT
  public:
    explicit OddSpinBox(QWidget* parent = nullptr);
    void stepBy(int steps) override;

  protected:
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& input) const override;
};

}  // namespace xrayprep::ui
