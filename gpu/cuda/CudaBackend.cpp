#include "gpu/cuda/CudaBackend.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>
#include <vector>

#include "gpu/CudaError.h"
#include "gpu/cuda/ContourGridKernels.h"
#include "gpu/cuda/ContourLevelSet.h"
#include "gpu/cuda/EsfKernels.h"
#include "gpu/cuda/HistogramKernel.h"
#include "gpu/cuda/StageKernels.h"
#include "processing/contour/BlockedTwoClassSplit.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/esf/ExplicitEsfRow.h"
#include "processing/mask/MaskApplier.h"
#include "processing/median/MedianFilter.h"

// The device median arrives in its own files; until its header exists the median runs on the
// CPU (all cores) and its result is uploaded, so the later stages still find it resident.
#if __has_include("gpu/cuda/MedianKernel.h")
#include "gpu/cuda/MedianKernel.h"
#define XRAYPREP_DEVICE_MEDIAN 1
#else
#define XRAYPREP_DEVICE_MEDIAN 0
#endif

namespace xrayprep::gpu {

using processing::Image;
using processing::Mask;
using Timer = DeviceTimer::Kind;

namespace {

int selectDevice(int device) {
    XRAYPREP_CUDA_CHECK(cudaSetDevice(device));
    return device;
}

// Host threads of the copy thread's pageable copies (0: PinnedStaging's default, up to 8).
// XRAYPREP_CUDA_COPY_THREADS overrides. Measured on the H200 host (2026-12-01, bench, whole run,
// median of 9): 1 thread 62.4 ms, 2 60.8-65.2, 4 59.0, 8 58.0 (a second lease: 4 59.8, 8
// 59.3-63.5); the run's own team hardly competes with them, the regions contour's host thread
// mostly queueing kernels meanwhile.
int copyThreads() {
    const char* text = std::getenv("XRAYPREP_CUDA_COPY_THREADS");
    const int asked = text != nullptr ? std::atoi(text) : 0;
    return asked > 0 ? std::min(asked, 16) : 0;
}

bool profileRequested() {
    const char* profile = std::getenv("XRAYPREP_REGIONS_PROFILE");
    return profile != nullptr && profile[0] == '1';
}

std::string nameOf(int device) {
    cudaDeviceProp prop{};
    XRAYPREP_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    return prop.name;
}

}  // namespace

CudaBackend::CudaBackend(int device, int hostThreads)
    : device_(selectDevice(device)),
      deviceName_(nameOf(device)),
      cpuThreads_(hostThreads > 0 ? hostThreads : processing::availableCpuThreads()),
      timer_(stream_.get()),
      levelSet_(ContourLevelSet::makeWorkspace()),
      gvf_(stream_.get()),
      regions_(stream_.get()),
      marks_(profileRequested()),
      downloads_(device_, copyThreads()) {
    const char* defer = std::getenv("XRAYPREP_CUDA_DEFER_COPIES");
    deferCopies_ = defer != nullptr && defer[0] >= '0' && defer[0] <= '2' ? defer[0] - '0' : 1;
    histogram_.reserve(processing::kHistogramBins);
}

bool CudaBackend::hasDeviceMedian() { return XRAYPREP_DEVICE_MEDIAN != 0; }

std::string CudaBackend::description() const {
    return "cuda (" + deviceName_ + (hasDeviceMedian() ? ")" : ", median on CPU)");
}

void CudaBackend::activate() const { XRAYPREP_CUDA_CHECK(cudaSetDevice(device_)); }

void CudaBackend::beginRun() {
    marks_.start("run begins");
    resident_ = true;
    takes_ = 0;
    (void)downloads_.takeTimes();
}

void CudaBackend::endRun() {
    // The copies must end before the pipeline may free or read their targets; a failure was
    // (or will be) reported by finishHostOutputs(), and this runs on unwinding too.
    try {
        downloads_.finish();
    } catch (...) {
    }
    resident_ = false;
    inFlight_.clear();
    texture_ = PreparedTexture{};  // its copy ended with the others
    marks_.mark("run ends");
    marks_.report("cuda run");
}

std::optional<processing::DeviceTimes> CudaBackend::takeDeviceTimes() {
    activate();
    ++takes_;
    return timer_.take();
}

void CudaBackend::finishHostOutputs() {
    downloads_.finish();
    inFlight_.clear();
}

std::vector<processing::DeviceTimes> CudaBackend::takeLateDeviceTimes() {
    return downloads_.takeTimes();
}

// ---- stages ----------------------------------------------------------------------------------

processing::StageImage CudaBackend::medianStage(processing::ImageInput in,
                                                const processing::MedianParams& requested) {
    const Image& input = in.host;
    // Size 0 resolves as the reference does (from sizeMm, the pixel size assumed from the image
    // size); the pipeline passes a resolved size.
    processing::MedianParams params = requested;
    params.size = processing::resolvedMedianSize(
        requested, 300.0 / std::max({input.width(), input.height(), 1}));
    marks_.mark("median called (annotation before)");
    // The reference validates the window size (and passes size 1 and empty images through).
    if (params.size == 1 || input.empty()) {
        return {processing::MedianFilter{}(input, params, processing::ExecutionPolicy::serial()),
                nullptr};
    }
    (void)processing::MedianFilter{}(Image{}, params, processing::ExecutionPolicy::serial());
    activate();
#if XRAYPREP_DEVICE_MEDIAN
    std::shared_ptr<CudaDeviceCopy> upload;
    const std::uint16_t* src = devicePixels(in, upload);
    std::shared_ptr<CudaDeviceCopy> out = newCopy(input.width(), input.height(), 2);
    {
        const auto t = timer_.measure(Timer::Compute);
        launchMedianFilter(src, out->pixels<std::uint16_t>(), input.width(), input.height(),
                           input.bitsStored(), params.size, stream_.get());
        XRAYPREP_CUDA_CHECK_LAUNCH();
    }
    Image host = download(out, input, true);
    marks_.mark("median queued");
    return {std::move(host), std::move(out)};
#else
    Image host =
        processing::MedianFilter{}(input, params, processing::ExecutionPolicy{cpuThreads_});
    processing::DeviceCopyHandle copy = deviceCopy(host);
    return {std::move(host), std::move(copy)};
#endif
}

processing::Histogram CudaBackend::histogramStage(processing::ImageInput in) {
    const Image& input = in.host;
    processing::Histogram result;
    result.maxValue = input.maxValue();
    if (input.empty()) return result;
    activate();
    std::shared_ptr<CudaDeviceCopy> upload;
    const std::uint16_t* src = devicePixels(in, upload);
    std::array<unsigned long long, processing::kHistogramBins> counts{};
    {
        const auto t = timer_.measure(Timer::Compute);
        launchHistogram(src, input.size(), input.bitsStored(), histogram_.data(),
                        histogramWorkspace_, stream_.get());
    }
    {
        const auto t = timer_.measure(Timer::Download);
        staging_.download(counts.data(), histogram_.data(), sizeof(counts), stream_.get());
    }
    for (int b = 0; b < processing::kHistogramBins; ++b) result.counts[b] = counts[b];
    marks_.mark("histogram in");
    return result;
}

processing::StageImage CudaBackend::thresholdStage(processing::ImageInput in,
                                                   std::uint16_t cutValue) {
    const Image& input = in.host;
    if (input.empty()) return {makeImageLike(input), nullptr};
    activate();
    std::shared_ptr<CudaDeviceCopy> upload;
    const std::uint16_t* src = devicePixels(in, upload);
    std::shared_ptr<CudaDeviceCopy> out = newCopy(input.width(), input.height(), 2);
    {
        const auto t = timer_.measure(Timer::Compute);
        launchThreshold(src, out->pixels<std::uint16_t>(), input.size(), cutValue, stream_.get());
    }
    Image host = download(out, input, true);
    marks_.mark("threshold queued");
    return {std::move(host), std::move(out)};
}

processing::StageImage CudaBackend::sobelStage(processing::ImageInput in) {
    const Image& input = in.host;
    if (input.empty()) return {makeImageLike(input), nullptr};
    activate();
    std::shared_ptr<CudaDeviceCopy> upload;
    const std::uint16_t* src = devicePixels(in, upload);
    std::shared_ptr<CudaDeviceCopy> out = newCopy(input.width(), input.height(), 2);
    {
        const auto t = timer_.measure(Timer::Compute);
        launchSobel(src, out->pixels<std::uint16_t>(), input.width(), input.height(),
                    input.maxValue(), stream_.get());
    }
    Image host = download(out, input, true);
    marks_.mark("sobel queued");
    return {std::move(host), std::move(out)};
}

processing::ContourResult CudaBackend::activeContour(const processing::ContourInputs& inputs,
                                                     const processing::ContourParams& params,
                                                     const processing::CancelToken* cancel) {
    // On the host with all cores, except the working-grid reductions, the chan-vese iterations
    // and the GVF, which run on the device.
    marks_.mark("contour called");
    activate();
    // The regions method reads the median on the host (the border rims) and nothing else at
    // full resolution (it reads the device copies), so the thresholded and Sobel images' copies
    // go on behind it. The older methods read more on the host: every copy ends first.
    if (params.method == processing::ContourMethod::Regions) {
        downloads_.finishIfTarget(inputs.median.data());
    } else {
        downloads_.finish();
    }
    marks_.mark("median copy in");
    processing::ContourSeams seams;
    seams.levelSet = ContourLevelSet(stream_.get(), levelSet_);
    seams.gvf = gvf_;
    seams.reduce = [this](const processing::WorkingGrid& g, const processing::ContourInputs& in,
                          processing::FloatImage& median,
                          Mask& foreground) { reduceToWorkingGrid(g, in, median, foreground); };
    workingMedianHolds_ = nullptr;
    seams.levelSetFromStart =
        [this](const processing::ChanVeseStart& start, processing::FloatImage& phi, bool& seeded,
               const processing::ChanVeseSettings& s, const processing::ExecutionPolicy&,
               const processing::CancelToken* c) {
            return ContourLevelSet(stream_.get(), levelSet_)
                .fromStart(deviceWorkingMedian(start.median), start, phi, seeded, s, c);
        };
    seams.twoClassSplit = [threads = cpuThreads_](const processing::FloatImage& image,
                                                  const Mask& inside) {
        return processing::BlockedTwoClassSplit{}(image, inside,
                                                  processing::ExecutionPolicy{threads});
    };
    if (pool_ != nullptr) {
        seams.newMask = [this](int w, int h) {
            marks_.mark("mask taken (texture fill, strips)");
            return pool_->takeMask(w, h);
        };
    }
    seams.regions = [this](const processing::WorkingGrid& g, const processing::ContourInputs& in,
                           double workingMm, const processing::ContourParams& resolved,
                           const std::array<int, 4>& rimDepth, const processing::CancelToken* c) {
        return regionsOnDevice(g, in, workingMm, resolved, rimDepth, c);
    };
    seams.workingTexture = [this](const processing::WorkingGrid& g,
                                  const processing::ContourInputs& in) {
        return workingTextureOnDevice(g, in);
    };
    processing::ContourResult result = processing::ActiveContour{std::move(seams)}(
        inputs, params, processing::ExecutionPolicy{cpuThreads_}, cancel);
    marks_.mark("contour filled (fill, annotation)");
    // Every copy ends inside the stage: whatever the pipeline does next may read the images.
    downloads_.finish();
    dropPreparedTexture();
    marks_.mark("copies in");
    return result;
}

processing::FloatImage CudaBackend::workingTextureOnDevice(const processing::WorkingGrid& g,
                                                           const processing::ContourInputs& in) {
    marks_.mark("texture called");
    if (texture_.madeFrom(g, in)) {
        downloads_.finishIfTarget(texture_.host.data());
        processing::FloatImage out = std::move(texture_.host);
        dropPreparedTexture();
        marks_.mark("texture in (prepared)");
        return out;
    }
    const regions::DeviceImage texture = launchWorkingTexture(g, in);
    processing::FloatImage out(g.width(), g.height());
    regions_.context().download(out.data(), texture.data(), texture.bytes());
    marks_.mark("texture in");
    return out;
}

bool CudaBackend::PreparedTexture::madeFrom(const processing::WorkingGrid& g,
                                            const processing::ContourInputs& in) const {
    return radiograph != nullptr && radiograph == in.radiograph && median == in.median.data() &&
           width == g.width() && height == g.height() && factor == g.factor();
}

regions::DeviceImage CudaBackend::launchWorkingTexture(const processing::WorkingGrid& g,
                                                       const processing::ContourInputs& in) {
    // What the median removed, on the working grid: the radiograph (resident when the median
    // was made from it, uploaded otherwise) against the resident median.
    std::shared_ptr<CudaDeviceCopy> medianUpload;
    std::shared_ptr<CudaDeviceCopy> radiographUpload;
    const std::uint16_t* median = devicePixels({in.median, in.medianDevice}, medianUpload);
    const std::uint16_t* radiograph =
        devicePixels({*in.radiograph, in.radiographDevice}, radiographUpload);
    regions::DeviceImage texture = regions_.context().raster<float>(g.width(), g.height());
    const auto timing = timer_.measure(Timer::Compute);
    launchBlockMeanAbsDifference(radiograph, median, g.fullWidth(), g.fullHeight(), g.factor(),
                                 texture.data(), stream_.get());
    return texture;
}

void CudaBackend::prepareTexture(const processing::WorkingGrid& g,
                                 const processing::ContourInputs& in) {
    dropPreparedTexture();
    if (in.radiograph == nullptr) return;
    PreparedTexture t;
    t.device = launchWorkingTexture(g, in);
    t.host = processing::FloatImage(g.width(), g.height());
    t.radiograph = in.radiograph;
    t.median = in.median.data();
    t.width = g.width();
    t.height = g.height();
    t.factor = g.factor();
    texture_ = std::move(t);  // the pixels keep their addresses
    downloads_.enqueue(texture_.host.data(), texture_.device.data(), texture_.device.bytes(),
                       stream_.get(), takes_);
}

void CudaBackend::dropPreparedTexture() {
    if (texture_.radiograph == nullptr) return;
    // Its raster goes back to the pool (whose later users queue on the main stream only) once
    // the copy stream has read it.
    downloads_.finishIfTarget(texture_.host.data());
    texture_ = PreparedTexture{};
}

processing::RegionsOutcome CudaBackend::regionsOnDevice(const processing::WorkingGrid& g,
                                                        const processing::ContourInputs& in,
                                                        double workingMm,
                                                        const processing::ContourParams& resolved,
                                                        const std::array<int, 4>& rimDepth,
                                                        const processing::CancelToken* cancel) {
    // The median and Sobel images are resident in a run (uploaded otherwise); the method reads
    // their working-grid reductions on the device and hands back what the host needs.
    marks_.mark("regions called (rims before)");
    std::shared_ptr<CudaDeviceCopy> medianUpload;
    std::shared_ptr<CudaDeviceCopy> sobelUpload;
    const std::uint16_t* median = devicePixels({in.median, in.medianDevice}, medianUpload);
    const std::uint16_t* sobel = devicePixels({in.sobel, in.sobelDevice}, sobelUpload);
    regions::DeviceContext& ctx = regions_.context();
    regions::DeviceImage workingMedian = ctx.raster<float>(g.width(), g.height());
    regions::DeviceImage workingSobel = ctx.raster<float>(g.width(), g.height());
    regions::DeviceBoneRegionsResult found;
    {
        // Kernels, plus the few small copies the method waits for (its scalars and the field).
        const auto timing = timer_.measure(Timer::Compute);
        launchBlockMean(median, g.fullWidth(), g.fullHeight(), g.factor(), workingMedian.data(),
                        stream_.get());
        launchBlockMean(sobel, g.fullWidth(), g.fullHeight(), g.factor(), workingSobel.data(),
                        stream_.get());
        launchReadInsideRims(workingMedian.data(), g.width(), g.height(), rimDepth, stream_.get());
        launchReadInsideRims(workingSobel.data(), g.width(), g.height(), rimDepth, stream_.get());
        found = regions_(workingMedian, workingSobel, in.median.maxValue(), workingMm, resolved,
                         cancel);
    }
    marks_.mark("regions method done");
    // The texture fill reads the working texture next, only where the method found bone.
    if (resolved.textureFillMm > 0.0 && !found.bone.empty()) prepareTexture(g, in);
    // The outline is traced by the stage, once its texture fill has settled the bone.
    processing::RegionsOutcome out;
    out.anatomy = std::move(found.anatomy);
    out.discarded = std::move(found.discarded);
    out.notes = std::move(found.notes);
    out.bone = std::move(found.bone);
    out.outlineField = std::move(found.field);
    out.outlineMinArea = found.minArea;
    return out;
}

void CudaBackend::reduceToWorkingGrid(const processing::WorkingGrid& g,
                                      const processing::ContourInputs& in,
                                      processing::FloatImage& median, Mask& foreground) {
    std::shared_ptr<CudaDeviceCopy> medianUpload;
    std::shared_ptr<CudaDeviceCopy> thresholdedUpload;
    const std::uint16_t* m = devicePixels({in.median, in.medianDevice}, medianUpload);
    const std::uint16_t* t =
        devicePixels({in.thresholded, in.thresholdedDevice}, thresholdedUpload);
    const std::size_t n = static_cast<std::size_t>(g.width()) * g.height();
    workingMedian_.reserve(n);
    workingForeground_.reserve(n);
    {
        const auto timing = timer_.measure(Timer::Compute);
        launchBlockMean(m, g.fullWidth(), g.fullHeight(), g.factor(), workingMedian_.data(),
                        stream_.get());
        launchBlockMajorityAbove(t, g.fullWidth(), g.fullHeight(), g.factor(), 0,
                                 workingForeground_.data(), stream_.get());
    }
    median = processing::FloatImage(g.width(), g.height());
    foreground = Mask(g.width(), g.height());
    {
        const auto timing = timer_.measure(Timer::Download);
        staging_.download(median.data(), workingMedian_.data(), n * sizeof(float), stream_.get());
        staging_.download(foreground.data(), workingForeground_.data(), n, stream_.get());
    }
    workingMedianHolds_ = median.data();
}

const float* CudaBackend::deviceWorkingMedian(const processing::FloatImage& median) {
    // The contour's working median is the one reduceToWorkingGrid left on the device (the
    // contour keeps it alive and unchanged while it runs); anything else is uploaded.
    if (median.data() != workingMedianHolds_ || median.empty()) {
        workingMedianHolds_ = nullptr;
        workingMedian_.reserve(median.size());
        const auto timing = timer_.measure(Timer::Upload);
        staging_.upload(workingMedian_.data(), median.data(), median.size() * sizeof(float),
                        stream_.get());
    }
    return workingMedian_.data();
}

processing::StageImage CudaBackend::applyMaskStage(processing::ImageInput in,
                                                   processing::MaskInput maskIn) {
    const Image& original = in.host;
    const Mask& mask = maskIn.host;
    if (!mask.sameSize(original) || original.empty()) {
        // The reference throws the size error, or returns the empty result.
        return {processing::MaskApplier{}(original, mask, processing::ExecutionPolicy::serial()),
                nullptr};
    }
    marks_.mark("mask stage called");
    activate();
    std::shared_ptr<CudaDeviceCopy> imageUpload;
    std::shared_ptr<CudaDeviceCopy> maskUpload;
    const std::uint16_t* src = devicePixels(in, imageUpload);
    const std::uint8_t* m = devicePixels(maskIn, maskUpload);
    std::shared_ptr<CudaDeviceCopy> out = newCopy(original.width(), original.height(), 2);
    {
        const auto t = timer_.measure(Timer::Compute);
        launchApplyMask(src, m, out->pixels<std::uint16_t>(), original.size(), stream_.get());
    }
    Image host = download(out, original, false);
    marks_.mark("masked image in");
    return {std::move(host), std::move(out)};
}

processing::EsfResult CudaBackend::esfStage(processing::MaskInput maskIn,
                                            const processing::EsfParams& params) {
    const Mask& mask = maskIn.host;
    marks_.mark("esf called (quality checks before)");
    const processing::ExecutionPolicy allCores{cpuThreads_};
    if (mask.empty()) return processing::EsfSolver{}(mask, params, allCores);
    // The reference validates the parameters (on an empty mask, which costs nothing).
    (void)processing::EsfSolver{}(Mask{}, params, allCores);
    activate();
    const int w = mask.width();
    const int h = mask.height();
    const std::size_t n = mask.size();
    std::shared_ptr<CudaDeviceCopy> maskUpload;
    const std::uint8_t* m = devicePixels(maskIn, maskUpload);
    shape_.reserve(n);
    if (params.mode == processing::EsfMode::Converged) return convergedEsf(m, w, h, params);
    fieldA_.reserve(n);
    fieldB_.reserve(n);
    residualRows_.reserve(2 * static_cast<std::size_t>(h));
    const auto c = processing::esf::ExplicitEsfCoefficients::from(params.rho, params.dt);
    const float* field = nullptr;
    {
        const auto t = timer_.measure(Timer::Compute);
        launchEsfShapePixels(m, shape_.data(), w, h, params.shape == processing::EsfShape::Mask,
                             stream_.get());
        launchEsfInitialField(shape_.data(), fieldA_.data(), n, stream_.get());
        field = runExplicitEsf(fieldA_.data(), fieldB_.data(), shape_.data(), w, h,
                               params.iterations, c.keep, c.dt, stream_.get());
        launchEsfResidualRows(shape_.data(), field, w, h, 4.0 + 1.0 / (params.rho * params.rho),
                              residualRows_.data(), stream_.get());
    }
    processing::EsfResult result;
    result.field = hostField(w, h);
    std::vector<double> rows(2 * static_cast<std::size_t>(h));
    {
        const auto t = timer_.measure(Timer::Download);
        staging_.download(result.field.data(), field, n * sizeof(float), stream_.get());
        staging_.download(rows.data(), residualRows_.data(), rows.size() * sizeof(double),
                          stream_.get());
    }
    // How far the explicit field is from the steady state, for the report (row sums added in
    // order: deterministic; equal to the CPU figure up to rounding, not bit for bit).
    double r2 = 0.0;
    double b2 = 0.0;
    for (int y = 0; y < h; ++y) {
        r2 += rows[static_cast<std::size_t>(y)];
        b2 += rows[static_cast<std::size_t>(h + y)];
    }
    result.iterations = params.iterations;
    result.relativeResidual = b2 > 0.0 ? std::sqrt(r2 / b2) : 0.0;
    return result;
}

processing::EsfResult CudaBackend::convergedEsf(const std::uint8_t* mask, int w, int h,
                                                const processing::EsfParams& params) {
    const std::size_t n = static_cast<std::size_t>(w) * h;
    fieldA_.reserve(n);
    processing::EsfResult result;
    EsfConvergedSolver::Outcome outcome;
    {
        const auto t = timer_.measure(Timer::Compute);
        launchEsfShapePixels(mask, shape_.data(), w, h, params.shape == processing::EsfShape::Mask,
                             stream_.get());
        outcome = converged_(shape_.data(), fieldA_.data(), w, h, params.rho, params.tolerance,
                             params.maxSolverIterations, stream_.get());
    }
    result.field = hostField(w, h);
    {
        const auto t = timer_.measure(Timer::Download);
        staging_.download(result.field.data(), fieldA_.data(), n * sizeof(float), stream_.get());
    }
    result.iterations = outcome.iterations;
    result.relativeResidual = outcome.relativeResidual;
    result.reachedTolerance = outcome.relativeResidual <= params.tolerance;
    return result;
}

}  // namespace xrayprep::gpu
