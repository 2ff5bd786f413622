#include "ui/model/MaskEditCommand.h"

#include <utility>

namespace xrayprep::ui {

MaskEditCommand::MaskEditCommand(Apply apply, Layer before, Layer after, const QString& text)
    : apply_(std::move(apply)), before_(std::move(before)), after_(std::move(after)) {
    setText(text);
}

void MaskEditCommand::undo() {
    if (!apply_(before_)) setObsolete(true);
}

void MaskEditCommand::redo() {
    if (!apply_(after_)) setObsolete(true);
}

}  // namespace xrayprep::ui
