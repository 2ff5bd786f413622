#pragma once

#include <cuda_runtime_api.h>

#include <optional>
#include <string>
#include <vector>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/ActiveContour.h"
#include "processing/contour/ContourParams.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::gpu::regions {

// The host's share of a device run of the regions method.
struct DeviceBoneRegionsResult {
    processing::Mask anatomy;  // working grid
    std::vector<std::string> discarded;
    std::vector<std::string> notes;
    std::vector<processing::Contour> contours;  // working-grid coordinates (traceOutline)
    // The smoothed bone field the outline is traced on (empty: nothing to trace), and the
    // smallest area an outline keeps (working pixels).
    processing::FloatImage field;
    double minArea = 0.0;
    processing::Mask bone;  // working grid: the mask the field is made from
};

// The intermediate evidence of processing::BoneRegions, copied back on request (tests).
struct DeviceBoneRegionsEvidence {
    processing::Mask background;
    processing::Mask confident;
    processing::Mask tissue;
    processing::Mask plantar;
    processing::Mask candidate;
    processing::Mask edges;
    processing::Raster<std::uint8_t> enclosed;
    processing::Mask bone;
};

// processing::BoneRegionsMethod with every step on the device (SPEC §4: the active-contour mask
// bit for bit), from the working median and Sobel images already there: the anatomy
// (DeviceAnatomyFinder), the edge evidence (DeviceEdgeEvidenceFinder), confident bone, the
// enclosure counts, confident tissue, the local levels and valleys, the candidates, the marker
// watershed, pockets, piece selection, holes and the final closing; then the smoothed bone field
// for the outline. The host waits once, at the end: for the scalars (notes, the anatomy's
// discarded objects) and the field, which traceOutline traces on the host (ContourTracer,
// marching squares: the same field gives the same contours). Mirrors the CPU code step by step; the
// CPU code is the reference: a change there must be made here too (the tests compare both).
class DeviceBoneRegions {
  public:
    explicit DeviceBoneRegions(cudaStream_t stream) : ctx_(stream) {}

    [[nodiscard]] DeviceContext& context() { return ctx_; }

    // median, sobel: working-grid images of this context. `evidence`: filled when given. The
    // contours are left to traceOutline.
    [[nodiscard]] DeviceBoneRegionsResult operator()(const DeviceImage& median,
                                                     const DeviceImage& sobel, float maxValue,
                                                     double workingMm,
                                                     const processing::ContourParams& p,
                                                     const processing::CancelToken* cancel,
                                                     DeviceBoneRegionsEvidence* evidence = nullptr);
    // The outlines of result.field at the half level, those of at least result.minArea kept.
    static void traceOutline(DeviceBoneRegionsResult& result,
                             const processing::ExecutionPolicy& policy);

  private:
    DeviceContext ctx_;
};

}  // namespace xrayprep::gpu::regions
