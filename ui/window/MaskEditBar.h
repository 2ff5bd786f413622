#pragma once

#include <QToolBar>
#include <array>
#include <cstdint>
#include <optional>

#include "ui/views/EditTool.h"

class QAction;
class QActionGroup;
class QDoubleSpinBox;
class QLabel;

namespace xrayprep::ui {

// The mask editing tools (as a segment editor's): a vertical tool bar beside the image with
// one checkable action per tool and its shortcut, the brush's radius (mm when the image's
// pixel spacing is known, else pixels), Fill Holes, Clear Edits, and what the edits hold.
class MaskEditBar : public QToolBar {
    Q_OBJECT
  public:
    explicit MaskEditBar(QWidget* parent = nullptr);

    [[nodiscard]] EditTool tool() const { return tool_; }
    void setTool(EditTool tool);  // checks its action and emits toolChanged
    // The pixel size in mm (none: unknown, the radius is in pixels). Keeps the radius's
    // physical size when switching to mm.
    void setPixelSpacing(std::optional<double> mm);
    // The brush's radius in image pixels.
    [[nodiscard]] double brushRadiusPixels() const;
    void setBrushRadiusPixels(double pixels);
    // The edits' pixel counts and how many added pixels lie outside the anatomy.
    void setEditSummary(std::int64_t added, std::int64_t removed, std::int64_t outside);
    void setEditingEnabled(bool enabled);  // without a mask there is nothing to edit
    // The contour stage's seeds and whether a box is set.
    void setGuidanceSummary(int include, int exclude, bool box);

    [[nodiscard]] QAction* action(EditTool tool) const;
    [[nodiscard]] QAction* fillHolesAction() const { return fillHoles_; }
    [[nodiscard]] QAction* clearAction() const { return clear_; }
    [[nodiscard]] QAction* clearGuidanceAction() const { return clearGuidance_; }
    [[nodiscard]] QDoubleSpinBox* radiusBox() const { return radius_; }
    [[nodiscard]] QLabel* summaryLabel() const { return summary_; }

  signals:
    void toolChanged(xrayprep::ui::EditTool tool);
    void brushRadiusChanged(double pixels);
    void fillHolesRequested();
    void clearRequested();
    void clearGuidanceRequested();

  private:
    static constexpr int kToolCount = 11;
    std::array<QAction*, kToolCount> tools_{};
    QActionGroup* group_ = nullptr;
    QAction* fillHoles_ = nullptr;
    QAction* clear_ = nullptr;
    QAction* clearGuidance_ = nullptr;
    QDoubleSpinBox* radius_ = nullptr;
    QLabel* unit_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* guidanceSummary_ = nullptr;
    std::array<int, 3> guidanceCounts_{-1, -1, -1};
    EditTool tool_ = EditTool::Navigate;
    // What the bar shows now: it is refreshed after every run, and a tool bar that changes
    // lays itself out and repaints on the GUI thread.
    std::optional<bool> editingEnabled_;
    std::array<std::int64_t, 3> summaryCounts_{-1, -1, -1};
    std::optional<double> spacing_;
};

}  // namespace xrayprep::ui
