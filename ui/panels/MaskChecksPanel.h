#pragma once

#include <QWidget>
#include <memory>

#include "processing/quality/QualityReport.h"

class QLabel;
class QVBoxLayout;

namespace xrayprep::ui {

// The plausibility checks of the latest mask (SPEC §3 "Quality checks"): a line saying whether
// the mask needs review, then each check with a pass/fail mark, its name and its message in
// plain words; failed checks first and highlighted. Greyed while a run is about to replace them.
class MaskChecksPanel : public QWidget {
    Q_OBJECT
  public:
    explicit MaskChecksPanel(QWidget* parent = nullptr);

    // Null: no mask yet.
    void setReport(std::shared_ptr<const processing::QualityReport> report);
    // A run will compute the mask again: the current checks stay, greyed, until it does.
    void setPending();
    void clear();

    [[nodiscard]] const processing::QualityReport* report() const { return report_.get(); }
    // "All 6 mask checks passed", "Mask needs review: 2 of 6 checks failed", "No mask yet".
    [[nodiscard]] QString summaryText() const;
    // The check rows' labels as shown, failed first (tests): the id and the message of each.
    [[nodiscard]] QStringList rowTexts() const;

    [[nodiscard]] QSize sizeHint() const override { return {300, 220}; }

  private:
    void rebuild();

    std::shared_ptr<const processing::QualityReport> report_;
    QLabel* summary_ = nullptr;
    QWidget* rows_ = nullptr;
    QVBoxLayout* rowLayout_ = nullptr;
};

}  // namespace xrayprep::ui
