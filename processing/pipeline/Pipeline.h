#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "processing/core/CancelToken.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/edit/ContourGuidance.h"
#include "processing/edit/MaskEdits.h"
#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/HostBufferPool.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/quality/BodyPartCheck.h"

namespace xrayprep::processing {

// Runs the stages in order on one input and keeps every stage's output. A later run with
// other parameters starts at the first stage whose parameters changed and reuses the
// outputs before it. A cancelled or failed run leaves the previous result untouched. The
// result before the current one is kept as a spare: its rasters are offered to the backend
// for the next run's outputs (see HostBufferPool), so repeated runs of the same image size do
// not allocate and first-touch tens of megabytes again.
class Pipeline {
  public:
    // Called after each stage with the result so far (on the running thread).
    using StageObserver = std::function<void(StageId, const PipelineResult&)>;

    explicit Pipeline(std::shared_ptr<ComputeBackend> backend);

    // Discards previous results. The spacing (none: unknown) scales the quality checks; the
    // body part the file names (BodyPartExamined, else its descriptions: bodyPartNamesOf) is
    // one of them (BodyPartCheck). codingErrorBound: the largest error the file's near-lossless
    // codec allowed in the stored values (ImageMetadata), 0 for none.
    void setInput(Image input, std::optional<PixelSpacing> spacing = std::nullopt,
                  BodyPartNames bodyPart = {}, int codingErrorBound = 0);
    void setBackend(std::shared_ptr<ComputeBackend> backend);  // discards previous results
    [[nodiscard]] const Image& input() const { return input_; }
    [[nodiscard]] ComputeBackend& backend() const { return *backend_; }

    // The user's corrections of the mask, applied on top of the contour stage's mask by the
    // mask stage (so the final image, the ESF, the checks and every export carry them) and
    // kept when an earlier stage re-runs. A new input clears them. Edits of another size than
    // the input are refused (std::invalid_argument). Changing them re-runs from the mask stage.
    void setMaskEdits(MaskEdits edits);
    [[nodiscard]] const MaskEdits& maskEdits() const { return edits_; }

    // Seeds and a region of interest that steer the contour stage (GuidedContour): applied to
    // its bone mask, whose outline becomes the stage's contours. A new input clears them;
    // changing them re-runs from the contour stage.
    void setGuidance(ContourGuidance guidance);
    [[nodiscard]] const ContourGuidance& guidance() const { return guidance_; }

    // The first stage a run with these parameters has to compute (nullopt: nothing changed).
    [[nodiscard]] std::optional<StageId> firstStageToRun(const PipelineParameters& params) const;

    // Runs from firstStageToRun(params), or from `from` if that is earlier.
    const PipelineResult& run(const PipelineParameters& params,
                              std::optional<StageId> from = std::nullopt,
                              const StageObserver& observer = {},
                              const CancelToken* cancel = nullptr);

    [[nodiscard]] const PipelineResult& result() const { return result_; }

  private:
    std::shared_ptr<ComputeBackend> backend_;
    Image input_;
    std::optional<PixelSpacing> spacing_;
    BodyPartNames bodyPart_;
    int codingErrorBound_ = 0;
    MaskEdits edits_;
    bool editsChanged_ = false;  // since result_ was made
    ContourGuidance guidance_;
    bool guidanceChanged_ = false;  // since result_ was made
    PipelineResult result_;
    bool hasResult_ = false;
    PipelineResult spare_;  // the result before result_, whose rasters the next run reuses
    HostBufferPool pool_;
    // The backend's device copies (DeviceCopy; all null for the CPU backends): of the input,
    // made once per input and backend, and of result_'s images, handed back to the backend as
    // the inputs of the stages that read them, in the run that made them and in later runs
    // that start after their stage (an edit of the contour reads the median and Sobel images
    // the device already holds). Kept here, not in results, which callers copy and keep.
    struct DeviceCopies {
        DeviceCopyHandle radiograph;  // the median's input: the painted input, if painted
        DeviceCopyHandle median;
        DeviceCopyHandle thresholded;
        DeviceCopyHandle sobel;
        DeviceCopyHandle mask;
    };
    DeviceCopyHandle inputCopy_;
    DeviceCopies copies_;  // of result_
};

}  // namespace xrayprep::processing
