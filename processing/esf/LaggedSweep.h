#pragma once

#include <algorithm>

namespace xrayprep::processing::esf {

// A two-phase Gauss-Seidel sweep over rows in one pass: first(y) for every row, then second(y)
// for every row, where first(y) may read only rows y-1..y+1 as second left them before the
// sweep and second(y) only rows y-1..y+1 after first. The pass runs first(y), then second(y-1)
// (whose inputs are now final); rows are split into bands, one per thread, and second is
// deferred on each band's first and last row until every band is through. Every update sees
// the same values as two full passes, so the result does not depend on the number of threads.
template <typename First, typename Second>
void laggedSweep(int height, int threads, First&& first, Second&& second) {
    const int bands = std::max(1, std::min(threads, height));
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
#pragma omp for schedule(static)
        for (int band = 0; band < bands; ++band) {
            const int y0 = height * band / bands;
            const int y1 = height * (band + 1) / bands;
            for (int y = y0; y < y1; ++y) {
                first(y);
                if (y - 1 > y0) second(y - 1);
            }
        }
#pragma omp for schedule(static)
        for (int band = 0; band < bands; ++band) {
            const int y0 = height * band / bands;
            const int y1 = height * (band + 1) / bands;
            second(y0);
            if (y1 - 1 > y0) second(y1 - 1);
        }
    }
}

}  // namespace xrayprep::processing::esf
