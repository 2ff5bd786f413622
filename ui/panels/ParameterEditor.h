#pragma once

#include <QObject>

#include "processing/pipeline/ParameterRegistry.h"

class QLabel;
class QWidget;

namespace xrayprep::ui {

// The editor of one parameter, built from its descriptor: a spin box with the descriptor's
// range and unit (odd-only, or in decades, where the descriptor's validation says so) or a
// combo box of its choices. It shows values and reports user edits; it never validates itself:
// the panel applies edits through the descriptor's set().
class ParameterEditor : public QObject {
    Q_OBJECT
  public:
    ParameterEditor(const processing::ParameterDescriptor& descriptor, QWidget* parent);

    [[nodiscard]] const processing::ParameterDescriptor& descriptor() const { return *descriptor_; }
    [[nodiscard]] QWidget* widget() const { return editor_; }
    [[nodiscard]] QLabel* label() const { return label_; }

    // Shows the parameter's value in these parameters without emitting edited().
    void showValue(const processing::PipelineParameters& params);
    // The value the editor shows, as the descriptor's set() takes it.
    [[nodiscard]] processing::Json value() const;
    void setApplicable(bool applies);

    // Short label ("Window size") and the rich tooltip (help, key, range) of a parameter.
    [[nodiscard]] static QString labelFor(const processing::ParameterDescriptor& d);
    [[nodiscard]] static QString toolTipFor(const processing::ParameterDescriptor& d);

  signals:
    void edited();  // the user committed a new value

  protected:
    // Wheel events over an editor without focus scroll the panel instead of changing the value.
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void buildChoice();
    void buildInteger(const processing::ParameterDescriptor& d);
    void buildReal(const processing::ParameterDescriptor& d);

    const processing::ParameterDescriptor* descriptor_;
    QWidget* editor_ = nullptr;
    QLabel* label_ = nullptr;
};

// Value text as the command line writes it ("21", "0.1", "chan-vese").
[[nodiscard]] QString parameterValueText(const processing::Json& value);

}  // namespace xrayprep::ui
