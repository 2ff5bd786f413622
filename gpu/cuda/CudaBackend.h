#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/cuda/AsyncDownloads.h"
#include "gpu/cuda/ContourGvf.h"
#include "gpu/cuda/ContourLevelSet.h"
#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/DeviceTimer.h"
#include "gpu/cuda/EsfConvergedSolver.h"
#include "gpu/cuda/HostMarks.h"
#include "gpu/cuda/PinnedStaging.h"
#include "gpu/cuda/regions/DeviceBoneRegions.h"
#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::gpu {

// The pipeline's stages on an NVIDIA GPU (SPEC §4), exact where SPEC asks for it.
//
// Residency. The stage interface takes and returns host Images, so every stage output the
// interface returns is downloaded (the pipeline keeps every stage's output for inspection).
// What must not happen is an upload of something the device already holds: between beginRun()
// and endRun() the pipeline guarantees that the images it passes stay alive and unchanged, so
// the backend remembers which host image (by address, size and depth) each of its device
// buffers holds, and a stage whose input is one of them uses the device copy. The input is
// uploaded once (median) and reused by applyMask; median -> histogram -> threshold -> Sobel
// never upload; the mask (made on the host by the active contour) is uploaded once for
// applyMask and reused by the ESF. Outside a run nothing is remembered and inputs are uploaded.
//
// The active contour's default method, regions, runs on the device step by step
// (gpu/cuda/regions/DeviceBoneRegions.h) from the resident median and Sobel images reduced to the
// working grid there (gpu/cuda/ContourGridKernels.h); its mask equals the serial CPU's bit for
// bit. The host traces the smoothed bone field the device hands back (marching squares) and
// fills the outline at full resolution with all cores, as the CPU stage does.
// For the older methods the active contour is the CPU ActiveContour with all host cores (its
// labelling, band search, tracing and fill are parallel there) with these parts on the device:
// the reductions to the working grid (from the resident median and thresholded images,
// gpu/cuda/ContourGridKernels.h), the chan-vese iterations (one graph per solve,
// gpu/cuda/ContourLevelSet.h) and the snake's gradient vector flow (gpu/cuda/ContourGvf.h). The
// snakes' small per-contour solves stay on the host. The chan-vese normalisation uses the parallel
// two-class split (processing::BlockedTwoClassSplit: same for every thread count, not the serial
// split's last bits; the masks agree to Dice >= 0.999). The median runs on the CPU until the device
// median kernel (gpu/cuda/MedianKernel.h) is in the build. The converged ESF runs on the device
// (gpu/cuda/EsfConvergedSolver.h).
//
// Host outputs are written into the rasters the pipeline offers (useHostBuffers), when it does,
// so that repeated runs do not allocate and first-touch new images. Inside a run the median,
// thresholded and Sobel images are copied back by a copy thread on its own stream
// (AsyncDownloads) while the next stages compute: the median's copy must be in before the active
// contour reads it on the host, the others before the contour returns (the regions method reads
// neither on the host). The other outputs are copied back before their stage returns.
// XRAYPREP_CUDA_DEFER_COPIES=0 copies everything before its stage returns, =2 defers the masked
// image too (until finishHostOutputs()); XRAYPREP_CUDA_COPY_THREADS sets the copy thread's host
// threads (default: up to 8, see copyThreads()).
//
// Device buffers and pinned staging belong to the backend and are reused from run to run;
// they are reallocated only when an image larger than any before arrives. Not thread-safe:
// one run at a time per backend. CUDA failures are thrown as CudaError.
class CudaBackend final : public processing::ComputeBackend {
  public:
    // Uses CUDA device `device`; throws CudaError when it cannot.
    explicit CudaBackend(int device = 0);

    [[nodiscard]] processing::BackendKind kind() const override {
        return processing::BackendKind::Cuda;
    }
    // CPU threads of the stages that run on the host.
    [[nodiscard]] int threads() const override { return cpuThreads_; }
    [[nodiscard]] std::string description() const override;
    [[nodiscard]] const std::string& deviceName() const { return deviceName_; }
    // Whether the median runs on the device in this build.
    [[nodiscard]] static bool hasDeviceMedian();

    processing::Image median(const processing::Image& input,
                             const processing::MedianParams& params) override;
    processing::Histogram histogram(const processing::Image& input) override;
    processing::Image threshold(const processing::Image& input, std::uint16_t cutValue) override;
    processing::Image sobel(const processing::Image& input) override;
    processing::ContourResult activeContour(const processing::ContourInputs& inputs,
                                            const processing::ContourParams& params,
                                            const processing::CancelToken* cancel) override;
    processing::Image applyMask(const processing::Image& original,
                                const processing::Mask& mask) override;
    processing::EsfResult esf(const processing::Mask& mask,
                              const processing::EsfParams& params) override;

    void beginRun() override;
    void endRun() override;
    void useHostBuffers(processing::HostBufferPool* pool) override { pool_ = pool; }
    [[nodiscard]] std::optional<processing::DeviceTimes> takeDeviceTimes() override;
    void finishHostOutputs() override;
    [[nodiscard]] std::vector<processing::DeviceTimes> takeLateDeviceTimes() override;

  private:
    enum Slot { kInput, kMedian, kThresholded, kSobel, kFinal, kSlotCount };
    // Which host raster a device buffer holds a copy of.
    struct HostCopy {
        const void* pixels = nullptr;
        int width = 0;
        int height = 0;
        int depth = 0;  // bits stored; 0 for masks
        bool operator==(const HostCopy&) const = default;
    };

    void activate() const;
    // The device copy of `image`: a slot other than `exclude` that holds it, else uploaded
    // into `into`.
    const std::uint16_t* deviceImage(const processing::Image& image, Slot into, int exclude = -1);
    void upload(const processing::Image& image, Slot into);
    std::uint16_t* outputSlot(Slot slot, std::size_t count);
    processing::Image download(Slot slot, const processing::Image& like);
    // A host raster for an output: from the pipeline's pool when it offers one.
    processing::Image hostImage(const processing::Image& like);
    processing::FloatImage hostField(int w, int h);
    // The active contour's working-grid reductions on the device (ContourSeams::reduce).
    void reduceToWorkingGrid(const processing::WorkingGrid& grid,
                             const processing::ContourInputs& inputs,
                             processing::FloatImage& median, processing::Mask& foreground);
    // What the median removed, on the working grid (ContourSeams::workingTexture).
    processing::FloatImage workingTextureOnDevice(const processing::WorkingGrid& grid,
                                                  const processing::ContourInputs& inputs);
    // Queues the working texture's kernel into a raster of the regions' pool.
    regions::DeviceImage launchWorkingTexture(const processing::WorkingGrid& grid,
                                              const processing::ContourInputs& inputs);
    // The working texture made on the device right after the regions method and copied back
    // by the copy thread while the host traces the outline (workingTextureOnDevice takes it).
    void prepareTexture(const processing::WorkingGrid& grid,
                        const processing::ContourInputs& inputs);
    // Forgets the prepared texture once no copy writes it.
    void dropPreparedTexture();
    // The regions method on the device (ContourSeams::regions).
    processing::RegionsOutcome regionsOnDevice(const processing::WorkingGrid& grid,
                                               const processing::ContourInputs& inputs,
                                               double workingMm,
                                               const processing::ContourParams& resolved,
                                               const std::array<int, 4>& rimDepth,
                                               const processing::CancelToken* cancel);
    // The device copy of the contour's working median (ContourSeams::levelSetFromStart).
    const float* deviceWorkingMedian(const processing::FloatImage& median);
    const std::uint8_t* deviceMask(const processing::Mask& mask);
    // The converged ESF of the device mask `mask` (EsfConvergedSolver).
    processing::EsfResult convergedEsf(const std::uint8_t* mask, int w, int h,
                                       const processing::EsfParams& params);

    int device_;
    std::string deviceName_;
    int cpuThreads_;
    int traceThreads_;  // XRAYPREP_CUDA_TRACE_THREADS, else cpuThreads_
    CudaStream stream_;
    DeviceTimer timer_;
    PinnedStaging staging_;
    std::array<DeviceBuffer<std::uint16_t>, kSlotCount> images_;
    std::array<HostCopy, kSlotCount> holds_{};
    DeviceBuffer<std::uint8_t> mask_;
    HostCopy maskHolds_;
    DeviceBuffer<std::uint8_t> shape_;
    DeviceBuffer<float> fieldA_;
    DeviceBuffer<float> fieldB_;
    DeviceBuffer<unsigned long long> histogram_;
    DeviceBuffer<std::uint8_t> histogramWorkspace_;  // CUB's temporary storage
    DeviceBuffer<double> residualRows_;
    EsfConvergedSolver converged_;
    std::shared_ptr<LevelSetWorkspace> levelSet_;
    ContourGvf gvf_;
    regions::DeviceBoneRegions regions_;
    // The texture prepareTexture() made: the device raster the copy reads, the host raster it
    // writes, and what it was made from (`radiograph` null: none prepared).
    struct PreparedTexture {
        regions::DeviceImage device;
        processing::FloatImage host;
        const processing::Image* radiograph = nullptr;
        const void* median = nullptr;
        int width = 0;
        int height = 0;
        int factor = 0;
        // Whether it is the texture of this grid and these inputs.
        [[nodiscard]] bool madeFrom(const processing::WorkingGrid& g,
                                    const processing::ContourInputs& in) const;
    };
    PreparedTexture texture_;  // after regions_: its raster goes back to regions_'s pool
    DeviceBuffer<float> workingMedian_;
    DeviceBuffer<std::uint8_t> workingForeground_;
    const float* workingMedianHolds_ = nullptr;   // host working median workingMedian_ copies
    processing::HostBufferPool* pool_ = nullptr;  // offered by the pipeline for one run
    bool resident_ = false;                       // inside beginRun() .. endRun()
    int deferCopies_ = 0;                         // XRAYPREP_CUDA_DEFER_COPIES (0, 1, 2)
    HostMarks marks_;                             // XRAYPREP_REGIONS_PROFILE=1: printed by endRun()
    int takes_ = 0;                               // takeDeviceTimes() calls since beginRun()
    // Last member: destroyed first, so its copies end before the buffers they read are freed.
    AsyncDownloads downloads_;
};

}  // namespace xrayprep::gpu
