#include "processing/phantom/UnsharpMask.h"

#include <algorithm>
#include <vector>

namespace xrayprep::processing {

namespace {

// One box pass of radius r along a line of n samples with stride `step`, clamp-to-edge.
void boxLine(float* line, int n, std::ptrdiff_t step, int r, std::vector<double>& tmp) {
    tmp.resize(static_cast<std::size_t>(n));
    double sum = 0.0;
    auto at = [&](int i) { return static_cast<double>(line[std::clamp(i, 0, n - 1) * step]); };
    for (int i = -r; i <= r; ++i) sum += at(i);
    for (int i = 0; i < n; ++i) {
        tmp[static_cast<std::size_t>(i)] = sum / (2 * r + 1);
        sum += at(i + r + 1) - at(i - r);
    }
    for (int i = 0; i < n; ++i)
        line[i * step] = static_cast<float>(tmp[static_cast<std::size_t>(i)]);
}

}  // namespace

void UnsharpMask::operator()(FloatImage& image, int radiusPx, double amount) const {
    const int w = image.width(), h = image.height();
    if (radiusPx < 1 || w == 0 || h == 0) return;
    FloatImage blur = image;
#pragma omp parallel
    {
        std::vector<double> tmp;
        for (int pass = 0; pass < 3; ++pass) {
#pragma omp for schedule(static)
            for (int y = 0; y < h; ++y) boxLine(blur.row(y), w, 1, radiusPx, tmp);
#pragma omp for schedule(static)
            for (int x = 0; x < w; ++x) boxLine(blur.data() + x, h, w, radiusPx, tmp);
        }
#pragma omp for schedule(static)
        for (int y = 0; y < h; ++y) {
            float* v = image.row(y);
            const float* b = blur.row(y);
            for (int x = 0; x < w; ++x) {
                v[x] = static_cast<float>(v[x] + amount * (static_cast<double>(v[x]) - b[x]));
            }
        }
    }
}

}  // namespace xrayprep::processing
