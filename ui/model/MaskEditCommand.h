#pragma once

#include <QString>
#include <QUndoCommand>
#include <functional>
#include <memory>

#include "processing/edit/MaskEdits.h"

namespace xrayprep::ui {

// One undoable correction of the bone mask: the edit layer before and after it (shared, as the
// layers are image-sized). It lives in the same undo stack as the parameter edits. A command
// made for an earlier input does nothing when undone or redone after another image was opened
// (its layer would not fit), and marks itself obsolete so the stack drops it.
class MaskEditCommand : public QUndoCommand {
  public:
    using Layer = std::shared_ptr<const processing::MaskEdits>;
    // Sets the model's edits; false when the command's input is no longer the model's.
    using Apply = std::function<bool(const Layer&)>;

    MaskEditCommand(Apply apply, Layer before, Layer after, const QString& text);
    void undo() override;
    void redo() override;

  private:
    Apply apply_;
    Layer before_;
    Layer after_;
};

}  // namespace xrayprep::ui
