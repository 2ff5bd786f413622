#pragma once

#include <cstddef>
#include <functional>

namespace xrayprep::dicom {

// Runs `task` to completion on a helper thread whose stack is `stackBytes` large (reserved
// address space; pages are committed only when touched) and rethrows whatever it throws.
// DCMTK parses and destroys nested sequences recursively; the pre-scan bounds the nesting, and
// this keeps a generous margin even when the caller is a worker thread with a small stack.
// Falls back to running on the calling thread if such a thread cannot be created.
class LargeStackRunner {
  public:
    explicit LargeStackRunner(std::size_t stackBytes = std::size_t{256} << 20)
        : stackBytes_(stackBytes) {}

    void operator()(const std::function<void()>& task) const;

  private:
    std::size_t stackBytes_;
};

}  // namespace xrayprep::dicom
