#pragma once

#include <QString>
#include <QUndoCommand>
#include <chrono>
#include <functional>

#include "processing/pipeline/PipelineParameters.h"

namespace xrayprep::ui {

// One undoable parameter edit. Consecutive edits of the same single key that follow each other
// within the merge window become one entry (dragging a spin box gives one undo step, not 30).
class ParameterEditCommand : public QUndoCommand {
  public:
    using Apply = std::function<void(const processing::PipelineParameters&)>;
    using Clock = std::chrono::steady_clock;

    // An empty text is replaced by a description of the change ("median.size 19 → 21").
    // mergeable = false for edits that must stay on their own (e.g. loading a preset).
    ParameterEditCommand(Apply apply, processing::PipelineParameters before,
                         processing::PipelineParameters after, const QString& text,
                         std::chrono::milliseconds mergeWindow, bool mergeable = true);

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    // The parameter key that differs between a and b when exactly one does, else empty.
    [[nodiscard]] static QString singleChangedKey(const processing::PipelineParameters& a,
                                                  const processing::PipelineParameters& b);
    // "key old → new" for a single-key change, "Edit parameters" otherwise.
    [[nodiscard]] static QString describe(const processing::PipelineParameters& before,
                                          const processing::PipelineParameters& after);

  private:
    Apply apply_;
    processing::PipelineParameters before_;
    processing::PipelineParameters after_;
    QString key_;  // the one key this edit changes; empty: never merged
    std::chrono::milliseconds mergeWindow_;
    Clock::time_point lastEdit_;
};

}  // namespace xrayprep::ui
