#include "processing/pipeline/Pipeline.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <future>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "processing/contour/BurnedInAnnotation.h"
#include "processing/contour/ContourTracer.h"
#include "processing/edit/GuidedContour.h"
#include "processing/quality/BodyPartCheck.h"
#include "processing/quality/MaskQuality.h"

namespace xrayprep::processing {
namespace {

// Whether stage s must be recomputed because its own parameters changed.
bool ownParametersChanged(StageId s, const PipelineParameters& a, const PipelineParameters& b) {
    switch (s) {
        case StageId::Median:
            return !(a.median == b.median) || !(a.scale == b.scale);
        case StageId::Threshold:
            return !(a.threshold == b.threshold);
        case StageId::Contour:
            return !(a.contour == b.contour);
        case StageId::Mask:
            return !(a.quality == b.quality);
        case StageId::Esf:
            return !(a.esf == b.esf);
        case StageId::Sobel:
            return false;
    }
    return true;
}

// Opens the backend's residency scope for one run, with the pool of reusable host rasters,
// and closes both however the run ends (the pool is emptied: what the run did not take is freed).
class RunScope {
  public:
    RunScope(ComputeBackend& b, HostBufferPool& pool) : backend_(b), pool_(pool) {
        backend_.beginRun();
        backend_.useHostBuffers(&pool_);
    }
    ~RunScope() {
        backend_.useHostBuffers(nullptr);
        backend_.endRun();
        pool_.clear();
    }
    RunScope(const RunScope&) = delete;
    RunScope& operator=(const RunScope&) = delete;

  private:
    ComputeBackend& backend_;
    HostBufferPool& pool_;
};

// Hands the outputs of the stages [begin, end) from one result to another: pass(a, b) is
// applied to each of them (a copy or a move).
template <typename From, typename Pass>
void passStages(From& from, int begin, int end, PipelineResult& to, Pass pass) {
    for (int i = begin; i < end; ++i) {
        switch (static_cast<StageId>(i)) {
            case StageId::Median:
                pass(from.annotation, to.annotation);
                pass(from.median, to.median);
                break;
            case StageId::Threshold:
                pass(from.histogram, to.histogram);
                pass(from.threshold, to.threshold);
                pass(from.thresholded, to.thresholded);
                break;
            case StageId::Sobel:
                pass(from.sobel, to.sobel);
                break;
            case StageId::Contour:
                pass(from.contour, to.contour);
                pass(from.automaticMask, to.automaticMask);
                pass(from.automaticContours, to.automaticContours);
                break;
            case StageId::Mask:
                pass(from.editsOutsideAnatomy, to.editsOutsideAnatomy);
                pass(from.final, to.final);
                pass(from.quality, to.quality);
                break;
            case StageId::Esf:
                pass(from.esf, to.esf);
                break;
        }
        pass(from.milliseconds[i], to.milliseconds[i]);
        pass(from.deviceTimes[i], to.deviceTimes[i]);
    }
}

// The outputs of the stages before `start`, kept by a run that starts there. The median,
// threshold and Sobel stages' images, which no later stage changes, are lent: moved into the
// run's result (copying them took ~1.5 ms of every contour edit at 1760 x 1760, on one thread)
// and moved back unless the run completes, so that a cancelled or failed run leaves the last
// result as it was. The contour and mask stages' outputs are copied: the mask stage puts the
// user's edits on the contour's mask. Nothing reads the last result while a run is going.
class KeptStages {
  public:
    KeptStages(PipelineResult& last, int start, PipelineResult& run)
        : last_(last), lent_(std::min(start, stageIndex(StageId::Contour))), run_(run) {
        // The copies first: if one fails, nothing has been lent yet.
        passStages(std::as_const(last_), lent_, start, run_, [](const auto& a, auto& b) { b = a; });
        passStages(last_, 0, lent_, run_, move);
    }
    ~KeptStages() {
        if (!completed_) passStages(run_, 0, lent_, last_, move);
    }
    KeptStages(const KeptStages&) = delete;
    KeptStages& operator=(const KeptStages&) = delete;
    void completed() { completed_ = true; }  // the run's result replaces the last one

  private:
    static constexpr auto move = [](auto& a, auto& b) { b = std::move(a); };
    PipelineResult& last_;
    int lent_;  // stages [0, lent_) are lent
    PipelineResult& run_;
    bool completed_ = false;
};

// Moves the rasters of the stages from `start` on into the pool.
void recycleStagesFrom(PipelineResult& from, int start, HostBufferPool& pool) {
    for (int i = start; i < kStageCount; ++i) {
        switch (static_cast<StageId>(i)) {
            case StageId::Median:
                pool.add(std::move(from.median));
                break;
            case StageId::Threshold:
                pool.add(std::move(from.thresholded));
                break;
            case StageId::Sobel:
                pool.add(std::move(from.sobel));
                break;
            case StageId::Contour:
                pool.add(std::move(from.contour.mask));
                break;
            case StageId::Mask:
                pool.add(std::move(from.final));
                break;
            case StageId::Esf:
                pool.add(std::move(from.esf.field));
                break;
        }
    }
}

// Adds the device time of deferred copies to the stages they belong to: late[k] belongs to the
// k-th take of the run, and take 0 drops what came before the first stage.
void addLateDeviceTimes(const std::vector<DeviceTimes>& late, int start, PipelineResult& r) {
    for (std::size_t k = 1; k < late.size(); ++k) {
        const int i = start + static_cast<int>(k) - 1;
        if (i >= kStageCount || !r.deviceTimes[i]) continue;
        r.deviceTimes[i]->computeMs += late[k].computeMs;
        r.deviceTimes[i]->uploadMs += late[k].uploadMs;
        r.deviceTimes[i]->downloadMs += late[k].downloadMs;
    }
}

// The outline of an edited mask: its pixels' boundaries traced at half a pixel from their
// centres (8-connected pieces), as the contours the exports and the overlays draw. Traced on the
// mask's bounding box with a pixel of margin (the same contours as on the whole image, whose
// other cells hold no boundary): at the reference size a whole-image trace took a few hundred ms.
std::vector<Contour> outlineOf(const Mask& mask, const ExecutionPolicy& policy) {
    const int w = mask.width(), h = mask.height();
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* row = mask.row(y);
        for (int x = 0; x < w; ++x) {
            if (row[x] == 0) continue;
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = y;
        }
    }
    if (x1 < 0) return {};
    x0 = std::max(0, x0 - 1);
    y0 = std::max(0, y0 - 1);
    x1 = std::min(w - 1, x1 + 1);
    y1 = std::min(h - 1, y1 + 1);
    FloatImage field(x1 - x0 + 1, y1 - y0 + 1);
    for (int y = y0; y <= y1; ++y) {
        const std::uint8_t* in = mask.row(y) + x0;
        float* out = field.row(y - y0);
        for (int x = 0; x < field.width(); ++x) out[x] = in[x] != 0 ? 1.0f : 0.0f;
    }
    std::vector<Contour> contours = ContourTracer{}(field, 0.5f, SaddleRule::ConnectInside, policy);
    for (Contour& c : contours) {
        for (Point2f& p : c.points) {
            p.x += static_cast<float>(x0);
            p.y += static_cast<float>(y0);
        }
    }
    return contours;
}

// Puts the user's edits on the contour stage's mask (or takes them off, when there are none
// any more): the automatic mask and contours are kept aside the first time.
void applyEdits(const MaskEdits& edits, PipelineResult& r, const ExecutionPolicy& policy) {
    r.maskStageChangedContour = !edits.empty() || !r.automaticMask.empty();
    if (edits.empty()) {
        if (!r.automaticMask.empty()) {
            r.contour.mask = std::move(r.automaticMask);
            r.contour.contours = std::move(r.automaticContours);
            r.automaticMask = Mask{};
            r.automaticContours.clear();
        }
        r.editsOutsideAnatomy = 0;
        return;
    }
    if (r.automaticMask.empty()) {
        r.automaticMask = r.contour.mask;
        r.automaticContours = r.contour.contours;
    }
    r.contour.mask = edits.applyTo(r.automaticMask);
    r.contour.contours = outlineOf(r.contour.mask, policy);
    r.editsOutsideAnatomy = edits.addedOutside(r.contour.anatomy);
}

// Steers the contour stage's mask by the user's seeds and box; the contours become its outline.
void applyGuidance(const ContourGuidance& guidance, PipelineResult& r,
                   const ExecutionPolicy& policy) {
    if (guidance.empty()) return;
    const std::vector<std::string> notes = GuidedContour{}.apply(
        guidance, r.median, r.contour.anatomy, r.scale.mmPerPixel, r.contour.mask);
    r.contour.notes.insert(r.contour.notes.end(), notes.begin(), notes.end());
    r.contour.contours = outlineOf(r.contour.mask, policy);
}

template <typename F>
double timeMilliseconds(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

}  // namespace

double PipelineResult::totalMilliseconds() const {
    double total = 0.0;
    for (const auto& ms : milliseconds) total += ms.value_or(0.0);
    return total;
}

Pipeline::Pipeline(std::shared_ptr<ComputeBackend> backend) : backend_(std::move(backend)) {
    if (!backend_) throw std::invalid_argument("Pipeline needs a backend");
}

void Pipeline::setInput(Image input, std::optional<PixelSpacing> spacing, BodyPartNames bodyPart,
                        int codingErrorBound) {
    input_ = std::move(input);
    spacing_ = std::move(spacing);
    bodyPart_ = std::move(bodyPart);
    codingErrorBound_ = codingErrorBound;
    spare_ = std::move(result_);  // its rasters may fit the new input too
    result_ = PipelineResult{};
    hasResult_ = false;
    inputCopy_ = nullptr;
    copies_ = DeviceCopies{};
    edits_.clear();
    editsChanged_ = false;
    guidance_ = {};
    guidanceChanged_ = false;
}

void Pipeline::setGuidance(ContourGuidance guidance) {
    if (guidance == guidance_) return;
    guidance_ = std::move(guidance);
    guidanceChanged_ = true;
}

void Pipeline::setMaskEdits(MaskEdits edits) {
    if (!edits.layer().empty() && !edits.layer().sameSize(input_.width(), input_.height())) {
        throw std::invalid_argument("mask edits of " + std::to_string(edits.layer().width()) +
                                    " x " + std::to_string(edits.layer().height()) +
                                    " pixels for an image of " + std::to_string(input_.width()) +
                                    " x " + std::to_string(input_.height()));
    }
    if (edits == edits_) return;
    edits_ = std::move(edits);
    editsChanged_ = true;
}

void Pipeline::setBackend(std::shared_ptr<ComputeBackend> backend) {
    if (!backend) throw std::invalid_argument("Pipeline needs a backend");
    // The old backend's device copies go first: it may be the last user of its device.
    inputCopy_ = nullptr;
    copies_ = DeviceCopies{};
    backend_ = std::move(backend);
    spare_ = std::move(result_);
    result_ = PipelineResult{};
    hasResult_ = false;
}

std::optional<StageId> Pipeline::firstStageToRun(const PipelineParameters& params) const {
    for (StageId s : kAllStages) {
        if (!hasResult_ || !result_.has(s) || ownParametersChanged(s, params, result_.parameters) ||
            (s == StageId::Contour && guidanceChanged_) || (s == StageId::Mask && editsChanged_)) {
            return s;
        }
    }
    return std::nullopt;
}

const PipelineResult& Pipeline::run(const PipelineParameters& params, std::optional<StageId> from,
                                    const StageObserver& observer, const CancelToken* cancel) {
    if (input_.empty()) throw std::logic_error("Pipeline::run without an input image");
    std::optional<StageId> start = firstStageToRun(params);
    if (from && (!start || stageIndex(*from) < stageIndex(*start))) start = from;
    if (!start) return result_;
    const auto runStart = std::chrono::steady_clock::now();

    // Work on a new result so that a cancelled or failed run leaves the last one intact: the
    // stages before `start` are kept (KeptStages), the others computed into the spare's rasters.
    PipelineResult r;
    KeptStages kept(result_, hasResult_ ? stageIndex(*start) : 0, r);
    r.parameters = params;
    r.backend = backend_->description();
    const std::optional<double> spacingMm =
        spacing_ ? std::optional<double>(0.5 * (spacing_->x + spacing_->y)) : std::nullopt;
    r.scale = pixelScaleOf(input_.width(), input_.height(), spacingMm, params.scale);
    MedianParams median = params.median;
    median.size = resolvedMedianSize(params.median, r.scale.mmPerPixel);
    r.medianSize = median.size;

    // Every image passed to the backend below lives in r or input_ and is assigned once, so
    // it stays alive and unchanged until the scope ends (see ComputeBackend::beginRun); the
    // device copies of them are passed explicitly (DeviceCopies).
    ComputeBackend& b = *backend_;
    recycleStagesFrom(spare_, stageIndex(*start), pool_);
    // The input with its burned-in annotation painted over, when it has any: the median's
    // input, so it must outlive the run scope like the other images handed to the backend.
    Image painted;
    // What the median was made from: the texture fill and check compare it with the median (an
    // arrow's strokes are not bone texture). Painted again when the median stage did not run.
    const auto radiograph = [&]() -> const Image& {
        if (r.annotation.empty()) return input_;
        if (painted.empty()) painted = BurnedInAnnotation{}.paintedOver(input_, r.annotation);
        return painted;
    };
    // This run's device copies: result_'s of the images it keeps; those of the images it makes
    // again are let go now, so that their device memory serves this run's outputs.
    const int first = stageIndex(*start);
    DeviceCopies copies;
    if (first > stageIndex(StageId::Median)) {
        copies.radiograph = copies_.radiograph;
        copies.median = copies_.median;
    }
    if (first > stageIndex(StageId::Threshold)) copies.thresholded = copies_.thresholded;
    if (first > stageIndex(StageId::Sobel)) copies.sobel = copies_.sobel;
    if (first > stageIndex(StageId::Mask)) copies.mask = copies_.mask;
    copies_ = copies;
    const RunScope scope(b, pool_);
    const auto checkMask = [this](PipelineResult& result, const PipelineParameters& p,
                                  const Image& painted, int threads) {
        result.quality = MaskQuality{}(result.contour, input_.width(), input_.height(), spacing_,
                                       p.quality, &result.median, &painted, result.scale.mmPerPixel,
                                       codingErrorBound_, ExecutionPolicy{threads});
        result.quality.checks.push_back(BodyPartCheck{}(bodyPart_));
    };
    (void)b.takeDeviceTimes();  // drop anything measured outside this run
    for (int i = stageIndex(*start); i < kStageCount; ++i) {
        if (cancel) cancel->throwIfCancelled();
        const auto stage = static_cast<StageId>(i);
        double ms = 0.0;
        switch (stage) {
            case StageId::Median:
                ms = timeMilliseconds([&] {
                    // Graphics drawn into the pixels are not X-ray: they must not steer the
                    // segmentation. Found on the host (one pass, on the backend's threads).
                    BurnedInAnnotationSettings as;
                    as.mmPerPixel = r.scale.mmPerPixel;
                    r.annotation =
                        BurnedInAnnotation{}(input_, nullptr, as, ExecutionPolicy{b.threads()});
                    if (!r.annotation.empty()) {
                        painted = BurnedInAnnotation{}.paintedOver(input_, r.annotation);
                        copies.radiograph = b.deviceCopy(painted);
                    } else {
                        if (!inputCopy_) inputCopy_ = b.deviceCopy(input_);
                        copies.radiograph = inputCopy_;
                    }
                    StageImage out = b.medianStage({radiograph(), copies.radiograph.get()}, median);
                    r.median = std::move(out.host);
                    copies.median = std::move(out.device);
                });
                break;
            case StageId::Threshold:
                ms = timeMilliseconds([&] {
                    const ImageInput in{r.median, copies.median.get()};
                    r.histogram = b.histogramStage(in);
                    r.threshold = ThresholdSelector{}(r.histogram, params.threshold);
                    StageImage out = b.thresholdStage(in, r.threshold.value);
                    r.thresholded = std::move(out.host);
                    copies.thresholded = std::move(out.device);
                });
                break;
            case StageId::Sobel:
                ms = timeMilliseconds([&] {
                    StageImage out = b.sobelStage({r.thresholded, copies.thresholded.get()});
                    r.sobel = std::move(out.host);
                    copies.sobel = std::move(out.device);
                });
                break;
            case StageId::Contour:
                ms = timeMilliseconds([&] {
                    const ContourInputs inputs{r.median,
                                               r.thresholded,
                                               r.sobel,
                                               r.threshold.value,
                                               r.threshold.backgroundValue,
                                               r.scale.mmPerPixel,
                                               &r.annotation,
                                               &radiograph(),
                                               codingErrorBound_,
                                               copies.median.get(),
                                               copies.thresholded.get(),
                                               copies.sobel.get(),
                                               copies.radiograph.get()};
                    r.contour = b.activeContour(inputs, params.contour, cancel);
                    applyGuidance(guidance_, r, ExecutionPolicy{b.threads()});
                });
                break;
            case StageId::Mask:
                ms = timeMilliseconds([&] {
                    applyEdits(edits_, r, ExecutionPolicy{b.threads()});
                    copies.mask = b.deviceCopy(r.contour.mask);
                    if (!inputCopy_) inputCopy_ = b.deviceCopy(input_);
                    r.final = b.applyMaskStage({input_, inputCopy_.get()},
                                               {r.contour.mask, copies.mask.get()})
                                  .host;
                });
                // The checks: on the host for every backend (the contour's masks are host
                // images), outside the stage's time so that backends compare on their own work;
                // the median's host copy may still be on its way from a device.
                b.finishHostOutputs();
                if (b.computesOffHost() && i + 1 < kStageCount) {
                    // While the device computes the ESF, which reads only the mask. Stage times
                    // and the observer's calls keep their order.
                    r.milliseconds[i] = ms;
                    r.deviceTimes[i] = b.takeDeviceTimes();
                    if (cancel) cancel->throwIfCancelled();
                    const Image& picture = radiograph();  // made here, not on two threads
                    auto esf = std::async(std::launch::async, [&] {
                        return timeMilliseconds([&] {
                            r.esf = b.esfStage({r.contour.mask, copies.mask.get()}, params.esf);
                        });
                    });
                    checkMask(r, params, picture, b.threads());  // if it throws, ~future waits
                    ++i;
                    r.milliseconds[i] = esf.get();
                    r.deviceTimes[i] = b.takeDeviceTimes();
                    if (observer) {
                        b.finishHostOutputs();
                        observer(StageId::Mask, r);
                        observer(StageId::Esf, r);
                    }
                    continue;
                }
                checkMask(r, params, radiograph(), b.threads());
                break;
            case StageId::Esf:
                ms = timeMilliseconds([&] {
                    r.esf = b.esfStage({r.contour.mask, copies.mask.get()}, params.esf);
                });
                break;
        }
        r.milliseconds[i] = ms;
        r.deviceTimes[i] = b.takeDeviceTimes();
        if (observer) {
            b.finishHostOutputs();  // the observer sees complete host images
            observer(stage, r);
        }
    }
    b.finishHostOutputs();
    // A cancel that came during the last stage (which has no check of its own) still cancels:
    // the caller asked for the previous result to stay.
    if (cancel) cancel->throwIfCancelled();
    addLateDeviceTimes(b.takeLateDeviceTimes(), stageIndex(*start), r);
    r.runMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - runStart)
            .count();
    kept.completed();
    spare_ = std::move(result_);
    result_ = std::move(r);
    copies_ = std::move(copies);
    hasResult_ = true;
    editsChanged_ = false;
    guidanceChanged_ = false;
    return result_;
}

}  // namespace xrayprep::processing
