#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/cuda/regions/DeviceBorderStrips.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DevicePlatformFinder.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "gpu/cuda/regions/StepProfile.h"
#include "processing/contour/AnatomyFinder.h"

namespace xrayprep::gpu::regions {

// The levels the background flood is made from (device scalars; null when not computed), for
// inspection.
struct DeviceAnatomyLevels {
    float* low = nullptr;  // robustRange
    float* high = nullptr;
    float* histogram = nullptr;  // the histogram's background foot
    float* frame = nullptr;      // 30 % quantile of the frame
    float* darker = nullptr;     // seeds: median, 90 % gradient, 90 % value
    float* seedFlat = nullptr;
    float* seedLevel = nullptr;
    float* restHigh = nullptr;  // 95 % of the rest
    unsigned long long* seedCount = nullptr;
};

// The device's AnatomyFound: the masks stay on the device; what the host needs for the notes
// and the list of discarded objects is read once the run is over (finish()).
struct DeviceAnatomy {
    DeviceMask anatomy;
    DeviceMask background;
    DeviceBorderStrips strips;
    DevicePlatforms platforms;
    DeviceComponents objects;         // the opened anatomy's components (the discarded ones listed)
    DeviceMask kept;                  // per label of `objects`
    bool frameChecked = false;        // the frame had enough pixels to look for a background
    int* backgroundFound = nullptr;   // device flag: enough seeds at the frame
    int* platformsDropped = nullptr;  // device flag: the steps found were not platforms
    DeviceAnatomyLevels levels;
    double workingMm = 0.0;
    double minObjectMm2 = 0.0;
};

// processing::AnatomyFinder on the device, step by step: the bands (DeviceBorderStripFinder)
// and platforms (DevicePlatformFinder), the background flood from the dark flat pixels of the
// frame or, where those are too few, of the large dark regions (the histogram's background foot
// by one device thread, the quantiles by radix select, the components by
// DeviceConnectedComponents), the opened anatomy's large components with holes filled. Both seed
// sets and the flood are computed whatever the counts, and device flags pick what the CPU's
// branches pick, so the host never waits in the middle.
class DeviceAnatomyFinder {
  public:
    [[nodiscard]] DeviceAnatomy operator()(DeviceContext& ctx, const DeviceImage& image,
                                           std::uint16_t maxValue,
                                           const processing::AnatomyFinderSettings& s,
                                           StepProfile* profile = nullptr) const;
    // The AnatomyFound's strips, platforms, discarded list and notes (masks left empty), from
    // the device results; the context's scalars must have been fetched.
    [[nodiscard]] static processing::AnatomyFound describe(DeviceContext& ctx,
                                                           const DeviceAnatomy& found);
};

}  // namespace xrayprep::gpu::regions
