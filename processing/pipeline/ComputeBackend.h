#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/CancelToken.h"
#include "processing/core/DeviceCopy.h"
#include "processing/core/Image.h"
#include "processing/esf/EsfSolver.h"
#include "processing/median/MedianParams.h"
#include "processing/pipeline/HostBufferPool.h"
#include "processing/threshold/Histogram.h"

namespace xrayprep::processing {

enum class BackendKind { Serial, OpenMP, Cuda };
[[nodiscard]] const char* toString(BackendKind k);

// Time a device backend spent on the device for the calls of one stage, measured with device
// events: kernels, host-to-device and device-to-host copies (pinned staging included).
struct DeviceTimes {
    double computeMs = 0.0;
    double uploadMs = 0.0;
    double downloadMs = 0.0;
    [[nodiscard]] double totalMs() const { return computeMs + uploadMs + downloadMs; }
};

// One schedule of the pipeline's stages. The serial CPU backend is the reference; the
// others must agree with it as SPEC §4 says. The trough analysis of the histogram is tiny
// and runs on the host for every backend.
class ComputeBackend {
  public:
    virtual ~ComputeBackend() = default;

    [[nodiscard]] virtual BackendKind kind() const = 0;
    [[nodiscard]] virtual int threads() const { return 1; }
    [[nodiscard]] virtual std::string description() const = 0;  // e.g. "openmp (2 threads)"

    // The stages. Each takes its image inputs with the device copies the caller holds of them
    // (DeviceCopy: made by this backend, else ignored) and returns its image output with the
    // device copy this backend keeps of it (null for the CPU backends), for the caller to hand
    // to the stages that read it. Residency is explicit: a device backend reads a device copy
    // it is given and uploads what it is not given.
    virtual StageImage medianStage(ImageInput input, const MedianParams& params) = 0;
    virtual Histogram histogramStage(ImageInput input) = 0;
    virtual StageImage thresholdStage(ImageInput input, std::uint16_t cutValue) = 0;
    virtual StageImage sobelStage(ImageInput input) = 0;
    // ContourInputs carries the device copies of its images.
    virtual ContourResult activeContour(const ContourInputs& inputs, const ContourParams& params,
                                        const CancelToken* cancel) = 0;
    virtual StageImage applyMaskStage(ImageInput original, MaskInput mask) = 0;
    virtual EsfResult esfStage(MaskInput mask, const EsfParams& params) = 0;

    // A device copy of a host image or mask, made now (uploaded), for the stages that will read
    // it (the input, for the median and the mask stage; the mask, for the mask stage and the
    // ESF). Null for host-only backends, which have nothing to copy to.
    [[nodiscard]] virtual DeviceCopyHandle deviceCopy(const Image& image) {
        (void)image;
        return nullptr;
    }
    [[nodiscard]] virtual DeviceCopyHandle deviceCopy(const Mask& mask) {
        (void)mask;
        return nullptr;
    }

    // The stages on host images only, for callers that keep no device copies (tests, tools):
    // every input is uploaded and every output's device copy dropped.
    Image median(const Image& input, const MedianParams& params) {
        return medianStage(input, params).host;
    }
    Histogram histogram(const Image& input) { return histogramStage(input); }
    Image threshold(const Image& input, std::uint16_t cutValue) {
        return thresholdStage(input, cutValue).host;
    }
    Image sobel(const Image& input) { return sobelStage(input).host; }
    Image applyMask(const Image& original, const Mask& mask) {
        return applyMaskStage(original, mask).host;
    }
    EsfResult esf(const Mask& mask, const EsfParams& params) { return esfStage(mask, params); }

    // A run. Between beginRun() and endRun() the caller promises that every host Image and Mask
    // it passes or receives stays alive and unchanged until endRun(), so that a device backend
    // may copy outputs back to the host while later stages compute (finishHostOutputs). The CPU
    // backends ignore both.
    virtual void beginRun() {}
    virtual void endRun() {}
    // Inside a run the pipeline may offer the host rasters of an earlier result for the
    // outputs (nullptr: none). A backend may take them instead of allocating (the CPU backends
    // do not: they allocate as before); the pool outlives the run's last stage call.
    virtual void useHostBuffers(HostBufferPool* pool) { (void)pool; }
    // Device time of the calls since the previous take; nullopt for host-only backends.
    [[nodiscard]] virtual std::optional<DeviceTimes> takeDeviceTimes() { return std::nullopt; }

    // Deferred host outputs, for device backends (the CPU backends ignore both). Inside a run a
    // device backend may return a stage output whose host pixels are still being copied back,
    // so that the copy overlaps the host's work and the next stages; it reads such an image on
    // the host only after the copy (the device copy serves the later stages). This call waits
    // until every host output returned since beginRun() is complete and rethrows a failed copy;
    // the pipeline calls it before it shows a stage to an observer and before a run returns
    // (endRun() waits too, without throwing).
    virtual void finishHostOutputs() {}
    // After finishHostOutputs(): device time of deferred copies that no take could include yet,
    // by take: element k belongs to the k-th takeDeviceTimes() since beginRun() (0-based), i.e.
    // to the stage call that take covered. Forgotten once taken.
    [[nodiscard]] virtual std::vector<DeviceTimes> takeLateDeviceTimes() { return {}; }

    // Whether the stages compute off the host's cores (on a device), so that the pipeline's own
    // host work may overlap a stage: the mask checks run while the ESF stage computes. Such a
    // backend takes its calls from any one thread at a time.
    [[nodiscard]] virtual bool computesOffHost() const { return false; }
};

}  // namespace xrayprep::processing
