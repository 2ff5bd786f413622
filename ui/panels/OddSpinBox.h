#pragma once

#include <QSpinBox>

namespace xrayprep::ui {

// An integer spin box that only takes odd values (window sides, smoothing widths): steps by 2
// from an odd minimum, and a typed even value is moved to the next odd one instead of being
// rejected, so what the user typed still counts.
class OddSpinBox : public QSpinBox {
    Q_OBJECT
  public:
    explicit OddSpinBox(QWidget* parent = nullptr);

  protected:
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& input) const override;
};

}  // namespace xrayprep::ui
