#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "processing/contour/ChanVeseLevelSet.h"
#include "processing/contour/ContourParams.h"
#include "processing/contour/GradientVectorFlow.h"
#include "processing/contour/TwoClassSplit.h"
#include "processing/core/CancelToken.h"
#include "processing/core/DeviceCopy.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

struct Point2f {
    float x = 0.0f;
    float y = 0.0f;
    bool operator==(const Point2f&) const = default;
};

// A closed sub-pixel polyline in full-resolution pixel coordinates (pixel centres at
// integer positions); the last point connects back to the first.
struct Contour {
    std::vector<Point2f> points;
    bool operator==(const Contour&) const = default;
};

struct ContourResult {
    std::vector<Contour> contours;
    // Filled union of the contours less burned-in annotation strokes, 0/1, full resolution.
    Mask mask;
    // The anatomy (soft tissue and bone, holes filled) as this stage found it, 0/1, full
    // resolution: what the mask is judged against (quality checks) and where edits belong.
    Mask anatomy;
    std::vector<std::string> discarded;  // what was removed as non-anatomy, and why
    std::vector<std::string> notes;      // how the stage decided (e.g. anatomy level fallback)
    int iterations = 0;
    // The sizes the stage worked with: the working grid's reduction factor and pixel size,
    // and the smallest piece kept in full-resolution pixels.
    int workingFactor = 1;
    double workingMm = 0.0;
    double minAreaPixels = 0.0;
};

struct ContourInputs {
    const Image& median;                // stage 1 output
    const Image& thresholded;           // stage 2 output (0 where removed)
    const Image& sobel;                 // stage 3 output
    std::uint16_t thresholdValue = 0;   // values <= it were removed by stage 2
    std::uint16_t backgroundValue = 0;  // values <= it are background (first trough); above
                                        // it is anatomy, soft tissue included
    // Full-resolution pixel size in mm (PixelScale); 0 = unknown, then the image is assumed
    // to span 300 mm along its longer side.
    double mmPerPixel = 0.0;
    // Pixels (row-major indices) of burned-in annotation strokes in the input (nullptr: none
    // given; BurnedInAnnotation): left out of the mask.
    const std::vector<std::size_t>* annotation = nullptr;
    // The radiograph before the median (full resolution; nullptr: not given). What the median
    // removed, |radiograph - median|, is the fine texture of bone the regions method's texture
    // fill reads (ContourParams::textureFillMm).
    const Image* radiograph = nullptr;
    // The largest error the file's near-lossless codec allowed in the stored values (JPEG-LS
    // NEAR; 0: none): its error is no bone texture (TexturedGapSettings::codingErrorBound).
    int codingErrorBound = 0;
    // A device backend's copies of the median, thresholded, Sobel and radiograph images (null:
    // none; DeviceCopy): what it reads on its device instead of uploading the host images.
    const DeviceCopy* medianDevice = nullptr;
    const DeviceCopy* thresholdedDevice = nullptr;
    const DeviceCopy* sobelDevice = nullptr;
    const DeviceCopy* radiographDevice = nullptr;
};

class WorkingGrid;

// What the regions method (BoneRegionsMethod) hands back to the stage, on the working grid.
struct RegionsOutcome {
    Mask anatomy;  // working grid
    std::vector<std::string> discarded;
    std::vector<std::string> notes;  // the anatomy's notes, then the method's
    std::vector<Contour> contours;   // working-grid coordinates
    Mask bone;                       // working grid: the mask the contours outline
    // `contours` are traced by the stage, once, after its texture fill has settled `bone`
    // (traceBoneOutline, outlines of at least outlineMinArea working pixels), on
    // boneOutlineField(bone): given here when the method made it already (on the device),
    // dropped when the fill changes the bone.
    FloatImage outlineField;
    double outlineMinArea = 0.0;
};

// Parts of the stage another implementation can take over (the CUDA backend runs them on the
// device or reuses host buffers); each empty member means the CPU code.
struct ContourSeams {
    // The chan-vese iterations (ChanVeseLevelSet).
    LevelSetSolver levelSet;
    // The chan-vese start and iterations together (ChanVeseStart), for a solver that holds the
    // working median already; when set it replaces `levelSet`.
    LevelSetFromStart levelSetFromStart;
    // The gradient vector flow of the snake method (GradientVectorFlow).
    GvfSolver gvf;
    // The reductions to the working grid: `median` = grid.blockMean(inputs.median), `foreground`
    // = grid.blockMajorityAbove(inputs.thresholded, 0), bit for bit.
    std::function<void(const WorkingGrid& grid, const ContourInputs& inputs, FloatImage& median,
                       Mask& foreground)>
        reduce;
    // The full-resolution mask to fill, of the given size, with any content (a new Mask).
    std::function<Mask(int width, int height)> newMask;
    // The two-class split that normalises the chan-vese intensities (TwoClassSplit); one that
    // differs from it in the last bits moves the mask only by rounding.
    TwoClassSplitter twoClassSplit;
    // The regions method on the working grid from the stage inputs (their reductions
    // included), with the parameters as the stage resolved them (minAreaMm2 from minArea) and
    // the working pixel size in mm: BoneRegionsMethod on grid.blockMean of the median and Sobel
    // images, each read inside the border rims (readInsideRims with rimDepth, working pixels
    // per side), bit for bit (the CUDA backend runs it on the device).
    std::function<RegionsOutcome(const WorkingGrid& grid, const ContourInputs& inputs,
                                 double workingMm, const ContourParams& resolved,
                                 const std::array<int, 4>& rimDepth, const CancelToken* cancel)>
        regions;
    // The texture the regions method's texture fill reads:
    // grid.blockMeanAbsDifference(*inputs.radiograph, inputs.median), bit for bit.
    std::function<FloatImage(const WorkingGrid& grid, const ContourInputs& inputs)> workingTexture;
};

// Isolates bone from remaining soft tissue (SPEC §3.4).
class ActiveContour {
  public:
    ActiveContour() = default;
    explicit ActiveContour(ContourSeams seams) : seams_(std::move(seams)) {}
    // `levelSet` runs the chan-vese iterations instead of ChanVeseLevelSet (empty = it).
    explicit ActiveContour(LevelSetSolver levelSet) { seams_.levelSet = std::move(levelSet); }

    [[nodiscard]] ContourResult operator()(const ContourInputs& inputs, const ContourParams& params,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel = nullptr) const;

  private:
    ContourSeams seams_;
};

}  // namespace xrayprep::processing
