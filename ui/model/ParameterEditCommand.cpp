#include "ui/model/ParameterEditCommand.h"

#include "ui/data/ParameterLabels.h"

#include <utility>

#include "processing/pipeline/ParameterRegistry.h"

namespace xrayprep::ui {

namespace {

constexpr int kParameterEditId = 0x78726570;  // "xrep": any id unique to this command type

}  // namespace

ParameterEditCommand::ParameterEditCommand(Apply apply, processing::PipelineParameters before,
                                           processing::PipelineParameters after,
                                           const QString& text,
                                           std::chrono::milliseconds mergeWindow, bool mergeable)
    : apply_(std::move(apply)),
      before_(std::move(before)),
      after_(std::move(after)),
      key_(mergeable ? singleChangedKey(before_, after_) : QString()),
      mergeWindow_(mergeWindow),
      lastEdit_(Clock::now()) {
    setText(text.isEmpty() ? describe(before_, after_) : text);
}

void ParameterEditCommand::undo() { apply_(before_); }

void ParameterEditCommand::redo() { apply_(after_); }

int ParameterEditCommand::id() const { return key_.isEmpty() ? -1 : kParameterEditId; }

bool ParameterEditCommand::mergeWith(const QUndoCommand* other) {
    if (other->id() != id()) return false;
    const auto* next = static_cast<const ParameterEditCommand*>(other);
    if (next->key_ != key_ || !(next->before_ == after_)) return false;
    if (next->lastEdit_ - lastEdit_ > mergeWindow_) return false;
    after_ = next->after_;
    lastEdit_ = next->lastEdit_;
    setText(describe(before_, after_));
    // Dragged back to where it started: the entry undoes nothing, so drop it.
    setObsolete(before_ == after_);
    return true;
}

QString ParameterEditCommand::singleChangedKey(const processing::PipelineParameters& a,
                                               const processing::PipelineParameters& b) {
    QString key;
    for (const auto& d : processing::parameterDescriptors()) {
        if (d.get(a) == d.get(b)) continue;
        if (!key.isEmpty()) return {};
        key = QString::fromStdString(d.key);
    }
    return key;
}

QString ParameterEditCommand::describe(const processing::PipelineParameters& before,
                                       const processing::PipelineParameters& after) {
    const QString key = singleChangedKey(before, after);
    const auto* d = key.isEmpty() ? nullptr : processing::findParameter(key.toStdString());
    if (!d) return QStringLiteral("Edit parameters");
    return QString::fromStdString(parameterChangeText(*d, d->get(before), d->get(after)));
}

}  // namespace xrayprep::ui
