#pragma once

#include <QWidget>

class QFormLayout;
class QHBoxLayout;
class QToolButton;

namespace xrayprep::ui {

// A titled section that folds away (as in 3D Slicer's module panels): a header bar with an
// arrow, the title and room for small actions on the right, and a body holding a form.
class CollapsibleSection : public QWidget {
    Q_OBJECT
  public:
    explicit CollapsibleSection(const QString& title, QWidget* parent = nullptr);

    [[nodiscard]] QFormLayout* form() const { return form_; }
    [[nodiscard]] QWidget* body() const { return body_; }
    // Adds a small widget (e.g. a reset button) at the right end of the header bar.
    void addHeaderWidget(QWidget* widget);
    [[nodiscard]] bool isExpanded() const { return expanded_; }
    void setExpanded(bool expanded);

  private:
    QWidget* header_ = nullptr;
    QHBoxLayout* headerLayout_ = nullptr;
    QToolButton* toggle_ = nullptr;
    QWidget* body_ = nullptr;
    QFormLayout* form_ = nullptr;
    bool expanded_ = true;
};

}  // namespace xrayprep::ui
