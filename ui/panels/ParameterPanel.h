#pragma once

#include <QWidget>
#include <map>
#include <vector>

#include "processing/pipeline/PipelineParameters.h"
#include "processing/pipeline/StageId.h"

class QLabel;

namespace xrayprep::ui {

class CollapsibleSection;
class ParameterEditor;

// Every pipeline parameter, generated from processing::parameterDescriptors(): one folding
// section per stage, one editor per parameter (range, unit, help from the descriptor), and a
// reset button per stage. Parameters that only one method reads are hidden while another method
// is chosen. Edits go through the descriptors' set(), the same validation as the command line.
class ParameterPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ParameterPanel(QWidget* parent = nullptr);
    ~ParameterPanel() override;

    // Shows these parameters; emits nothing.
    void setParameters(const processing::PipelineParameters& params);
    [[nodiscard]] const processing::PipelineParameters& parameters() const { return current_; }

    // The editor of a parameter ("median.size"): a QSpinBox, QDoubleSpinBox or QComboBox whose
    // objectName is the key; nullptr for an unknown key.
    [[nodiscard]] QWidget* editorFor(const QString& key) const;
    // Whether the parameter's row is shown (it applies to the chosen method).
    [[nodiscard]] bool isParameterShown(const QString& key) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

  signals:
    // A committed edit: the complete new parameters and what changed ("median.size 19 → 21").
    void parametersEdited(const processing::PipelineParameters& edited, const QString& description);

  private:
    void commit(ParameterEditor* editor);
    void resetStage(processing::StageId stage);
    void showAll();
    void showError(const QString& message);

    processing::PipelineParameters current_;
    std::vector<ParameterEditor*> editors_;
    std::map<processing::StageId, CollapsibleSection*> sections_;
    QLabel* error_ = nullptr;
};

// The title of a stage's parameter section ("Median filter", "Active contour").
[[nodiscard]] QString parameterSectionTitle(processing::StageId stage);

}  // namespace xrayprep::ui
