#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/cuda/AsyncDownloads.h"
#include "gpu/cuda/ContourGvf.h"
#include "gpu/cuda/ContourLevelSet.h"
#include "gpu/cuda/CudaDeviceCopy.h"
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
// Residency is explicit (processing::DeviceCopy): every image stage returns the device copy it
// leaves on the device (a CudaDeviceCopy, in a buffer of this backend's pool), and reads the
// device copies it is given instead of uploading the host images; what it is not given (or what
// another backend made) it uploads for the call. The pipeline makes a copy of the input once
// (deviceCopy) for the median and the mask stage, and one of the mask for the mask stage and
// the ESF; median -> histogram -> threshold -> Sobel -> contour never upload. The host image of
// every output is still returned (the pipeline keeps every stage's output for inspection).
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
    // Uses CUDA device `device`; throws CudaError when it cannot. `hostThreads`: the CPU threads
    // of the parts that run on the host (0: all cores).
    explicit CudaBackend(int device = 0, int hostThreads = 0);

    [[nodiscard]] processing::BackendKind kind() const override {
        return processing::BackendKind::Cuda;
    }
    // CPU threads of the stages that run on the host.
    [[nodiscard]] int threads() const override { return cpuThreads_; }
    [[nodiscard]] std::string description() const override;
    [[nodiscard]] const std::string& deviceName() const { return deviceName_; }
    // Whether the median runs on the device in this build.
    [[nodiscard]] static bool hasDeviceMedian();

    processing::StageImage medianStage(processing::ImageInput input,
                                       const processing::MedianParams& params) override;
    processing::Histogram histogramStage(processing::ImageInput input) override;
    processing::StageImage thresholdStage(processing::ImageInput input,
                                          std::uint16_t cutValue) override;
    processing::StageImage sobelStage(processing::ImageInput input) override;
    processing::ContourResult activeContour(const processing::ContourInputs& inputs,
                                            const processing::ContourParams& params,
                                            const processing::CancelToken* cancel) override;
    processing::StageImage applyMaskStage(processing::ImageInput original,
                                          processing::MaskInput mask) override;
    processing::EsfResult esfStage(processing::MaskInput mask,
                                   const processing::EsfParams& params) override;
    [[nodiscard]] processing::DeviceCopyHandle deviceCopy(const processing::Image& image) override;
    [[nodiscard]] processing::DeviceCopyHandle deviceCopy(const processing::Mask& mask) override;

    void beginRun() override;
    void endRun() override;
    void useHostBuffers(processing::HostBufferPool* pool) override { pool_ = pool; }
    [[nodiscard]] std::optional<processing::DeviceTimes> takeDeviceTimes() override;
    void finishHostOutputs() override;
    [[nodiscard]] std::vector<processing::DeviceTimes> takeLateDeviceTimes() override;
    [[nodiscard]] bool computesOffHost() const override { return true; }

  private:
    void activate() const;
    // A new device copy of w x h pixels of `bytesPerPixel` bytes, in a buffer of the pool that
    // no queued download still reads.
    std::shared_ptr<CudaDeviceCopy> newCopy(int w, int h, std::size_t bytesPerPixel);
    // This backend's device copy of `in` when it was given one, else nullptr.
    [[nodiscard]] const CudaDeviceCopy* ownCopy(const processing::DeviceCopy* copy, int w,
                                                int h) const;
    // The device pixels of an input: its device copy when this backend made it, else the host
    // pixels uploaded into `upload` (a copy for this call, which the caller keeps until its
    // kernels are queued).
    const void* devicePixels(const processing::DeviceCopy* given, const void* host, int w, int h,
                             std::size_t bytesPerPixel, std::shared_ptr<CudaDeviceCopy>& upload);
    const std::uint16_t* devicePixels(processing::ImageInput in,
                                      std::shared_ptr<CudaDeviceCopy>& upload);
    const std::uint8_t* devicePixels(processing::MaskInput in,
                                     std::shared_ptr<CudaDeviceCopy>& upload);
    // A copy of host pixels (`bytes` of them) uploaded into a new device copy.
    std::shared_ptr<CudaDeviceCopy> uploaded(const void* host, int w, int h,
                                             std::size_t bytesPerPixel);
    // The host image of a stage output from its device copy. `early`: the median, thresholded
    // and Sobel images, whose copies go to the copy thread in a run (see the class comment).
    processing::Image download(const std::shared_ptr<CudaDeviceCopy>& from,
                               const processing::Image& like, bool early);
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
    // The converged ESF of the device mask `mask` (EsfConvergedSolver).
    processing::EsfResult convergedEsf(const std::uint8_t* mask, int w, int h,
                                       const processing::EsfParams& params);

    int device_;
    std::string deviceName_;
    int cpuThreads_;
    CudaStream stream_;
    DeviceTimer timer_;
    PinnedStaging staging_;
    std::shared_ptr<DeviceCopyPool> copies_ = std::make_shared<DeviceCopyPool>();
    // The device copies the copy thread reads from, kept until their copies are done.
    std::vector<std::shared_ptr<const CudaDeviceCopy>> inFlight_;
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
