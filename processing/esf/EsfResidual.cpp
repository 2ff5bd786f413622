#include "processing/esf/EsfResidual.h"

#include <cstddef>

#include "processing/esf/DeterministicSum.h"
#include "processing/esf/ParallelWork.h"
#include "processing/esf/VectorClones.h"

namespace xrayprep::processing::esf {

namespace {

// res[i] for one row; up/down are the row itself at the image border.
template <typename T>
inline void residualRow(const T* __restrict up, const T* __restrict centre,
                        const T* __restrict down, const std::uint8_t* __restrict isFree,
                        double* __restrict res, int width, double diagonal) {
    const auto at = [&](int i, double left, double right) {
        const double sum =
            (static_cast<double>(up[i]) + static_cast<double>(down[i])) + (left + right);
        res[i] = isFree[i] != 0 ? sum - diagonal * static_cast<double>(centre[i]) : 0.0;
    };
    if (width == 1) {
        at(0, static_cast<double>(centre[0]), static_cast<double>(centre[0]));
        return;
    }
    at(0, static_cast<double>(centre[0]), static_cast<double>(centre[1]));
    for (int i = 1; i < width - 1; ++i) {
        const double sum =
            (static_cast<double>(up[i]) + static_cast<double>(down[i])) +
            (static_cast<double>(centre[i - 1]) + static_cast<double>(centre[i + 1]));
        res[i] = isFree[i] != 0 ? sum - diagonal * static_cast<double>(centre[i]) : 0.0;
    }
    at(width - 1, static_cast<double>(centre[width - 2]), static_cast<double>(centre[width - 1]));
}

XRAYPREP_ESF_VECTOR_CLONES
void residualRowFloat(const float* up, const float* centre, const float* down,
                      const std::uint8_t* isFree, double* res, int width, double diagonal) {
    residualRow(up, centre, down, isFree, res, width, diagonal);
}

XRAYPREP_ESF_VECTOR_CLONES
void residualRowDouble(const double* up, const double* centre, const double* down,
                       const std::uint8_t* isFree, double* res, int width, double diagonal) {
    residualRow(up, centre, down, isFree, res, width, diagonal);
}

void residualRowAny(const float* up, const float* centre, const float* down,
                    const std::uint8_t* isFree, double* res, int width, double diagonal) {
    residualRowFloat(up, centre, down, isFree, res, width, diagonal);
}

void residualRowAny(const double* up, const double* centre, const double* down,
                    const std::uint8_t* isFree, double* res, int width, double diagonal) {
    residualRowDouble(up, centre, down, isFree, res, width, diagonal);
}

}  // namespace

EsfResidual::EsfResidual(const std::uint8_t* isFree, int width, int height, double rho, int threads)
    : free_(isFree),
      width_(width),
      height_(height),
      threads_(threadsFor(static_cast<std::size_t>(width) * height, threads)),
      diagonal_(4.0 + 1.0 / (rho * rho)) {}

template <typename T>
double EsfResidual::rows(const T* v, float* r) const {
    const auto w = static_cast<std::size_t>(width_);
    std::vector<double> rowSums(static_cast<std::size_t>(height_), 0.0);
#pragma omp parallel num_threads(threads_) if (threads_ > 1)
    {
        std::vector<double> res(w);
#pragma omp for schedule(static)
        for (int y = 0; y < height_; ++y) {
            const T* centre = v + static_cast<std::size_t>(y) * w;
            const T* up = y > 0 ? centre - w : centre;
            const T* down = y + 1 < height_ ? centre + w : centre;
            residualRowAny(up, centre, down, free_ + static_cast<std::size_t>(y) * w, res.data(),
                           width_, diagonal_);
            if (r != nullptr) {
                float* out = r + static_cast<std::size_t>(y) * w;
                for (std::size_t i = 0; i < w; ++i) out[i] = static_cast<float>(res[i]);
            }
            rowSums[static_cast<std::size_t>(y)] = dotRange(res.data(), res.data(), 0, w);
        }
    }
    double sum = 0.0;
    for (const double s : rowSums) sum += s;
    return sum;
}

double EsfResidual::norm2(const float* v, float* r) const { return rows(v, r); }

double EsfResidual::norm2(const double* v, float* r) const { return rows(v, r); }

double EsfResidual::rhsNorm2() const {
    // b_i = (in-image neighbours) - (free neighbours). Integer counts are exact, so the order
    // of the sum does not matter.
    long long total = 0;
    const int w = width_;
#pragma omp parallel for num_threads(threads_) if (threads_ > 1) reduction(+ : total)
    for (int y = 0; y < height_; ++y) {
        const std::uint8_t* m = free_ + static_cast<std::size_t>(y) * w;
        const std::uint8_t* up = y > 0 ? m - w : nullptr;
        const std::uint8_t* down = y + 1 < height_ ? m + w : nullptr;
        const auto pixel = [&](int x) -> long long {
            if (m[x] == 0) return 0;
            int b = 0;
            if (x > 0) b += 1 - m[x - 1];
            if (x + 1 < w) b += 1 - m[x + 1];
            if (up != nullptr) b += 1 - up[x];
            if (down != nullptr) b += 1 - down[x];
            return b * b;
        };
        long long row = pixel(0);
        if (w > 1) row += pixel(w - 1);
        if (up != nullptr && down != nullptr) {
            for (int x = 1; x < w - 1; ++x) {
                const int b = 4 - (m[x - 1] + m[x + 1] + up[x] + down[x]);
                row += m[x] * b * b;
            }
        } else {
            for (int x = 1; x < w - 1; ++x) row += pixel(x);
        }
        total += row;
    }
    return static_cast<double>(total);
}

}  // namespace xrayprep::processing::esf
