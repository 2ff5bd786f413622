#pragma once

#include <memory>
#include <utility>

#include "processing/core/Image.h"

namespace xrayprep::processing {

// A device backend's own copy of an image or mask in its device memory, owned by the handles
// that share it: the device memory goes back to the backend when the last one lets go. Made by
// a backend (a stage's output, or ComputeBackend::deviceCopy of a host raster) and handed back
// by the caller as the input of later stages, so that what a device already holds is named,
// never recognised by its host address, and never uploaded again. Opaque outside its backend:
// only the backend that made it reads it (madeBy); any other backend reads the host pixels.
// Immutable once made. A copy may outlive a run (the pipeline keeps a result's copies for the
// next run that starts later in the pipeline) but not the process's device context.
class DeviceCopy {
  public:
    DeviceCopy(const void* maker, int width, int height) : maker_(maker), w_(width), h_(height) {}
    virtual ~DeviceCopy() = default;
    DeviceCopy(const DeviceCopy&) = delete;
    DeviceCopy& operator=(const DeviceCopy&) = delete;

    [[nodiscard]] bool madeBy(const void* backend) const { return maker_ == backend; }
    [[nodiscard]] int width() const { return w_; }
    [[nodiscard]] int height() const { return h_; }

  private:
    const void* maker_;
    int w_;
    int h_;
};

using DeviceCopyHandle = std::shared_ptr<const DeviceCopy>;

// An image as one stage hands it to the next: the host pixels and, where a device backend
// made or holds them, its device copy (null: none; the host pixels are the image).
struct StageImage {
    StageImage() = default;
    // Implicit from a host image: an output with no device copy (the CPU backends').
    StageImage(Image h, DeviceCopyHandle d = nullptr)  // NOLINT
        : host(std::move(h)), device(std::move(d)) {}
    Image host;
    DeviceCopyHandle device;
};

// A stage's image input: the host pixels and the device copy of them, if there is one.
// Implicit from a host image, for callers that hold host images only.
struct ImageInput {
    ImageInput(const Image& h, const DeviceCopy* d = nullptr) : host(h), device(d) {}  // NOLINT
    const Image& host;
    const DeviceCopy* device;
};

// A stage's mask input, likewise.
struct MaskInput {
    MaskInput(const Mask& h, const DeviceCopy* d = nullptr) : host(h), device(d) {}  // NOLINT
    const Mask& host;
    const DeviceCopy* device;
};

}  // namespace xrayprep::processing
