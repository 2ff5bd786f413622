#pragma once

#include <QWidget>
#include <vector>

#include "processing/pipeline/ComputeBackend.h"
#include "ui/panels/BackendChoice.h"

class QComboBox;
class QLabel;
class QSpinBox;

namespace xrayprep::ui {

// Picks the compute backend: serial, openmp (with its thread count), cuda (with its device). A
// backend this machine cannot run stays listed, disabled, with the reason in its text and
// tooltip ("cuda — unavailable: no CUDA device").
class BackendSelector : public QWidget {
    Q_OBJECT
  public:
    // Form: labelled rows with the detail below (a dock); ToolBar: one compact row.
    enum class Layout { Form, ToolBar };
    explicit BackendSelector(QWidget* parent = nullptr, Layout layout = Layout::Form);

    void setBackends(const std::vector<BackendChoice>& backends);
    // Shows the backend in use; threads <= 0 means all cores. Emits nothing.
    void setCurrent(processing::BackendKind kind, int threads);

    [[nodiscard]] processing::BackendKind currentKind() const;
    // Threads the current choice runs on: the spin box for openmp, 1 for serial, 0 for cuda.
    [[nodiscard]] int currentThreads() const;

    [[nodiscard]] QSize minimumSizeHint() const override;

  signals:
    // The user picked a backend or changed openmp's thread count.
    void backendChosen(processing::BackendKind kind, int threads);

  private:
    void updateDetail();
    void emitChosen();
    [[nodiscard]] int indexOf(processing::BackendKind kind) const;

    std::vector<BackendChoice> backends_;
    QComboBox* combo_ = nullptr;
    QLabel* threadsLabel_ = nullptr;
    QSpinBox* threads_ = nullptr;
    QLabel* detail_ = nullptr;
};

// The combo box text of a backend ("openmp", "cuda — NVIDIA H200",
// "cuda — unavailable: no CUDA device").
[[nodiscard]] QString backendChoiceText(const BackendChoice& choice);
// Why a backend cannot be used, in words for people (CUDA: "No usable NVIDIA GPU/driver: …").
[[nodiscard]] QString unavailableReasonForPeople(const BackendChoice& choice);

}  // namespace xrayprep::ui
