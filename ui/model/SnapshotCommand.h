#pragma once

#include <QString>
#include <QUndoCommand>
#include <functional>
#include <utility>

namespace xrayprep::ui {

// One undoable change of something the model holds per input (the mask edit layer, the
// contour guidance), as the states before and after it (shared pointers where image-sized).
// It lives in the same undo stack as the parameter edits. A command made for an earlier input
// does nothing when undone or redone after another image was opened (its state would not
// fit), and marks itself obsolete so the stack drops it.
template <typename State>
class SnapshotCommand : public QUndoCommand {
  public:
    // Sets the model's state; false when the command's input is no longer the model's.
    using Apply = std::function<bool(const State&)>;

    SnapshotCommand(Apply apply, State before, State after, const QString& text)
        : apply_(std::move(apply)), before_(std::move(before)), after_(std::move(after)) {
        setText(text);
    }
    void undo() override {
        if (!apply_(before_)) setObsolete(true);
    }
    void redo() override {
        if (!apply_(after_)) setObsolete(true);
    }

  private:
    Apply apply_;
    State before_;
    State after_;
};

}  // namespace xrayprep::ui
