#include "processing/esf/GridTransfer.h"

#include <vector>

#include "processing/esf/ParallelWork.h"

namespace xrayprep::processing::esf {

// Both transfers work row by row: first combine rows (vertical weights), then columns.
void restrictToCoarse(const float* fine, GridLayout f, float* coarse, GridLayout c, int threads) {
    threads = threadsFor(static_cast<std::size_t>(f.width) * f.height, threads);
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        std::vector<float> combined(static_cast<std::size_t>(f.width));
#pragma omp for schedule(static)
        for (int cy = 0; cy < c.height; ++cy) {
            const int fy = 2 * cy;
            const float* centre = fine + f.at(0, fy);
            const float* up = fy > 0 ? fine + f.at(0, fy - 1) : nullptr;
            const float* down = fy + 1 < f.height ? fine + f.at(0, fy + 1) : nullptr;
            const float downWeight = cy + 1 < c.height ? 0.5f : 1.0f;
            for (int x = 0; x < f.width; ++x) {
                float v = centre[x];
                if (up != nullptr) v += 0.5f * up[x];
                if (down != nullptr) v += downWeight * down[x];
                combined[static_cast<std::size_t>(x)] = v;
            }
            float* out = coarse + c.at(0, cy);
            for (int cx = 0; cx < c.width; ++cx) {
                const int fx = 2 * cx;
                float v = combined[static_cast<std::size_t>(fx)];
                if (fx > 0) v += 0.5f * combined[static_cast<std::size_t>(fx - 1)];
                if (fx + 1 < f.width) {
                    v += (cx + 1 < c.width ? 0.5f : 1.0f) *
                         combined[static_cast<std::size_t>(fx + 1)];
                }
                out[cx] = v;
            }
        }
    }
}

void prolongAndAdd(const float* coarse, GridLayout c, float* fine, GridLayout f,
                   const std::uint8_t* fineFree, int threads) {
    threads = threadsFor(static_cast<std::size_t>(f.width) * f.height, threads);
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        std::vector<float> combined(static_cast<std::size_t>(c.width));
#pragma omp for schedule(static)
        for (int fy = 0; fy < f.height; ++fy) {
            const int cy = fy / 2;
            const float* a = coarse + c.at(0, cy);
            if (fy % 2 == 0 || cy + 1 >= c.height) {
                for (int x = 0; x < c.width; ++x) combined[static_cast<std::size_t>(x)] = a[x];
            } else {
                const float* b = coarse + c.at(0, cy + 1);
                for (int x = 0; x < c.width; ++x) {
                    combined[static_cast<std::size_t>(x)] = 0.5f * (a[x] + b[x]);
                }
            }
            float* out = fine + f.at(0, fy);
            const std::uint8_t* freeRow = fineFree != nullptr
                                              ? fineFree + static_cast<std::ptrdiff_t>(fy) * f.width
                                              : nullptr;
            for (int cx = 0; cx < c.width; ++cx) {
                const int fx = 2 * cx;
                const float t = combined[static_cast<std::size_t>(cx)];
                if (freeRow == nullptr || freeRow[fx] != 0) out[fx] += t;
                if (fx + 1 < f.width && (freeRow == nullptr || freeRow[fx + 1] != 0)) {
                    out[fx + 1] += cx + 1 < c.width
                                       ? 0.5f * (t + combined[static_cast<std::size_t>(cx + 1)])
                                       : t;
                }
            }
        }
    }
}

}  // namespace xrayprep::processing::esf
