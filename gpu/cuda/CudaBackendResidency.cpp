// The CUDA backend's device copies (processing::DeviceCopy): made, recognised, uploaded and
// copied back. The class is in CudaBackend.h; its stages are in CudaBackend.cpp.
#include <cstdint>
#include <memory>

#include "gpu/cuda/CudaBackend.h"

namespace xrayprep::gpu {

using processing::Image;
using processing::Mask;
using Timer = DeviceTimer::Kind;

std::shared_ptr<CudaDeviceCopy> CudaBackend::newCopy(int w, int h, std::size_t bytesPerPixel) {
    auto copy = std::make_shared<CudaDeviceCopy>(this, w, h, bytesPerPixel, copies_);
    // A buffer let go while the copy thread still reads it (a host output whose device copy
    // the caller dropped) is written only once that copy is done.
    downloads_.finishIfSource(copy->bufferAddress());
    return copy;
}

const CudaDeviceCopy* CudaBackend::ownCopy(const processing::DeviceCopy* copy, int w, int h) const {
    if (copy == nullptr || !copy->madeBy(this) || copy->width() != w || copy->height() != h) {
        return nullptr;
    }
    return static_cast<const CudaDeviceCopy*>(copy);  // made by this backend: a CudaDeviceCopy
}

std::shared_ptr<CudaDeviceCopy> CudaBackend::uploaded(const void* host, int w, int h,
                                                      std::size_t bytesPerPixel) {
    downloads_.finishIfTarget(host);  // never read a raster still being copied back
    std::shared_ptr<CudaDeviceCopy> copy = newCopy(w, h, bytesPerPixel);
    const auto t = timer_.measure(Timer::Upload);
    staging_.upload(copy->pixels<std::uint8_t>(), host, copy->bytes(), stream_.get());
    return copy;
}

const void* CudaBackend::devicePixels(const processing::DeviceCopy* given, const void* host, int w,
                                      int h, std::size_t bytesPerPixel,
                                      std::shared_ptr<CudaDeviceCopy>& upload) {
    if (const CudaDeviceCopy* own = ownCopy(given, w, h)) return own->pixels<std::uint8_t>();
    upload = uploaded(host, w, h, bytesPerPixel);
    return upload->pixels<std::uint8_t>();
}

const std::uint16_t* CudaBackend::devicePixels(processing::ImageInput in,
                                               std::shared_ptr<CudaDeviceCopy>& upload) {
    return static_cast<const std::uint16_t*>(devicePixels(in.device, in.host.data(),
                                                          in.host.width(), in.host.height(),
                                                          sizeof(std::uint16_t), upload));
}

const std::uint8_t* CudaBackend::devicePixels(processing::MaskInput in,
                                              std::shared_ptr<CudaDeviceCopy>& upload) {
    return static_cast<const std::uint8_t*>(
        devicePixels(in.device, in.host.data(), in.host.width(), in.host.height(), 1, upload));
}

processing::DeviceCopyHandle CudaBackend::deviceCopy(const Image& image) {
    if (image.empty()) return nullptr;
    activate();
    return uploaded(image.data(), image.width(), image.height(), sizeof(std::uint16_t));
}

processing::DeviceCopyHandle CudaBackend::deviceCopy(const Mask& mask) {
    if (mask.empty()) return nullptr;
    activate();
    return uploaded(mask.data(), mask.width(), mask.height(), 1);
}

Image CudaBackend::hostImage(const Image& like) {
    if (pool_ != nullptr) return pool_->takeImage(like.width(), like.height(), like.bitsStored());
    return makeImageLike(like);
}

processing::FloatImage CudaBackend::hostField(int w, int h) {
    if (pool_ != nullptr) return pool_->takeField(w, h);
    return processing::FloatImage(w, h);
}

Image CudaBackend::download(const std::shared_ptr<CudaDeviceCopy>& from, const Image& like,
                            bool early) {
    Image out = hostImage(like);
    const std::size_t bytes = out.size() * sizeof(std::uint16_t);
    // The median, thresholded and Sobel images go to the copy thread: their copies overlap the
    // next stages' kernels and the active contour, whose host thread mostly queues kernels now
    // (regions method). In 2026-11-21's measurements (host chan-vese contour) the two OpenMP
    // teams competed for the cores and deferring was slower; with the regions method it is
    // faster (copyThreads()). The masked image is deferred only on request (=2): the pipeline
    // waits for it before the quality checks anyway.
    if (resident_ && (deferCopies_ >= 2 || (deferCopies_ == 1 && early))) {
        // The pipeline keeps `out` alive and unread until finishHostOutputs(); the device copy
        // is never written again and stays alive until then (inFlight_), whoever holds it.
        // takes_ is the take this stage belongs to.
        downloads_.enqueue(out.data(), from->pixels<std::uint16_t>(), bytes, stream_.get(), takes_);
        inFlight_.push_back(from);
        return out;
    }
    const auto t = timer_.measure(Timer::Download);
    staging_.download(out.data(), from->pixels<std::uint16_t>(), bytes, stream_.get());
    return out;
}

}  // namespace xrayprep::gpu
