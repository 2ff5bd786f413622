#include "app/common/LargeBlockReuse.h"

#include <cstddef>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace xrayprep::app {

void keepLargeBlocksForReuse() {
#if defined(__GLIBC__)
    constexpr int kMmapBytes = 64 << 20;
    constexpr int kTrimBytes = 256 << 20;
    // Failure leaves glibc's defaults: slower, never wrong.
    (void)mallopt(M_MMAP_THRESHOLD, kMmapBytes);
    (void)mallopt(M_TRIM_THRESHOLD, kTrimBytes);
#endif
}

}  // namespace xrayprep::app
