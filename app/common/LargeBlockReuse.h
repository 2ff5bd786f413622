#pragma once

namespace xrayprep::app {

// The pipeline allocates and frees many whole-image rasters (a working-grid float raster is
// 3 MB at the reference size). glibc serves blocks above a sliding threshold (128 KiB to
// 32 MiB) with fresh mappings and returns freed heap tops above 128 KiB to the system, so most
// rasters come back as new pages that the kernel must fault in and zero: measured 173k page
// faults in one `bench` of 6 runs, ~6 % of the whole run. Serving blocks up to kMmapBytes from
// the heap and keeping up to kTrimBytes of freed heap for reuse cut that to 99k and the whole
// run by 27 ms (interleaved runs, reference sample, 2 threads), for ~28 MiB more peak memory.
// Both thresholds must be set: either alone disables glibc's sliding threshold and faults more
// than the default (trim alone: 906k). glibc only (a no-op elsewhere); call first thing in main.
void keepLargeBlocksForReuse();

}  // namespace xrayprep::app
