#include "processing/esf/EsfFineOperator.h"

#include <algorithm>

#include "processing/esf/DeterministicSum.h"
#include "processing/esf/LaggedSweep.h"
#include "processing/esf/ParallelWork.h"
#include "processing/esf/VectorClones.h"

namespace xrayprep::processing::esf {

namespace {

// Rows y-1, y, y+1 of an image with the Neumann replacement at the top and bottom.
struct RowTriple {
    const float* up;
    const float* centre;
    const float* down;
};

RowTriple rowsAround(const float* image, int y, int width, int height) {
    const float* centre = image + static_cast<std::ptrdiff_t>(y) * width;
    return {y > 0 ? centre - width : centre, centre, y + 1 < height ? centre + width : centre};
}

}  // namespace

EsfFineOperator::EsfFineOperator(const Mask& shape, double rho, int threads)
    : width_(shape.width()),
      height_(shape.height()),
      threads_(threadsFor(shape.size(), threads)),
      reaction_(1.0 / (rho * rho)),
      diagonal_(static_cast<float>(4.0 + 1.0 / (rho * rho))),
      free_(shape.size()) {
    for (int n = 0; n < 5; ++n) {
        inverseDiagonal_[static_cast<std::size_t>(n)] =
            static_cast<float>(1.0 / (4.0 + reaction_ - n));
    }
    const std::uint8_t* s = shape.data();
    for (std::size_t i = 0; i < free_.size(); ++i) free_[i] = s[i] == 0 ? 1 : 0;
}

double EsfFineOperator::coupling(int x, int y, int dx, int dy) const {
    if (!isFree(x, y)) return 0.0;
    if (dx == 0 && dy == 0) return 4.0 + reaction_ - outsideNeighbours(x, y);
    if (dx != 0 && dy != 0) return 0.0;
    const int nx = x + dx;
    const int ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= width_ || ny >= height_) return 0.0;
    return isFree(nx, ny) ? -1.0 : 0.0;
}

namespace {

// Interior pixels [begin, end) of a row (both horizontal neighbours exist), f == r's input.
XRAYPREP_ESF_VECTOR_CLONES
void residualInterior(const float* __restrict up, const float* __restrict centre,
                      const float* __restrict down, const float* __restrict f,
                      const std::uint8_t* __restrict isFree, float* __restrict out, int begin,
                      int end, float diagonal) {
    for (int i = begin; i < end; ++i) {
        const float ax =
            diagonal * centre[i] - ((up[i] + down[i]) + (centre[i - 1] + centre[i + 1]));
        out[i] = isFree[i] != 0 ? f[i] - ax : 0.0f;
    }
}

XRAYPREP_ESF_VECTOR_CLONES
void applyInterior(const float* __restrict up, const float* __restrict centre,
                   const float* __restrict down, const std::uint8_t* __restrict isFree,
                   float* __restrict out, int begin, int end, float diagonal) {
    for (int i = begin; i < end; ++i) {
        const float ax =
            diagonal * centre[i] - ((up[i] + down[i]) + (centre[i - 1] + centre[i + 1]));
        out[i] = isFree[i] != 0 ? ax : 0.0f;
    }
}

// Gauss-Seidel on every other interior pixel: x_i = (f_i + sum of neighbours) / diagonal.
XRAYPREP_ESF_VECTOR_CLONES
void smoothInterior(const float* __restrict up, float* x, const float* __restrict down,
                    const float* __restrict f, const std::uint8_t* __restrict isFree, int begin,
                    int end, float inverseDiagonal) {
    for (int i = begin; i < end; i += 2) {
        const float sum = (up[i] + down[i]) + (x[i - 1] + x[i + 1]);
        x[i] = isFree[i] != 0 ? (f[i] + sum) * inverseDiagonal : 0.0f;
    }
}

}  // namespace

double EsfFineOperator::applyAndDot(const float* x, float* y) const {
    std::vector<double> rowDots(static_cast<std::size_t>(height_));
    residualRows(nullptr, x, y, rowDots.data());
    double sum = 0.0;
    for (const double d : rowDots) sum += d;
    return sum;
}

void EsfFineOperator::residual(const float* f, const float* x, float* r) const {
    residualRows(f, x, r, nullptr);
}

// r = f - A x (f == nullptr: r = A x). Float arithmetic in a fixed order. rowDots (optional)
// receives x . r of each row.
void EsfFineOperator::residualRows(const float* f, const float* x, float* r,
                                   double* rowDots) const {
    const int w = width_;
    const float diag = diagonal_;
#pragma omp parallel for num_threads(threads_) if (threads_ > 1) schedule(static)
    for (int y = 0; y < height_; ++y) {
        const RowTriple v = rowsAround(x, y, w, height_);
        const std::uint8_t* m = free_.data() + index(0, y);
        const float* fr = f == nullptr ? nullptr : f + index(0, y);
        float* out = r + index(0, y);
        const auto pixel = [&](int i) {  // border columns: missing neighbour = the pixel
            const float left = v.centre[i > 0 ? i - 1 : i];
            const float right = v.centre[i + 1 < w ? i + 1 : i];
            const float ax = diag * v.centre[i] - ((v.up[i] + v.down[i]) + (left + right));
            const float value = fr == nullptr ? ax : fr[i] - ax;
            out[i] = m[i] != 0 ? value : 0.0f;
        };
        pixel(0);
        if (w == 1) {
            if (rowDots != nullptr) rowDots[y] = double{v.centre[0]} * out[0];
            continue;
        }
        if (fr == nullptr) {
            applyInterior(v.up, v.centre, v.down, m, out, 1, w - 1, diag);
        } else {
            residualInterior(v.up, v.centre, v.down, fr, m, out, 1, w - 1, diag);
        }
        pixel(w - 1);
        if (rowDots != nullptr) {
            rowDots[y] = dotRange(v.centre, out, 0, static_cast<std::size_t>(w));
        }
    }
}

void EsfFineOperator::smoothRow(const float* f, float* x, int y, int colour, bool zeroGuess) const {
    const int w = width_;
    float* c = x + index(0, y);
    const float* up = y > 0 ? c - w : nullptr;
    const float* down = y + 1 < height_ ? c + w : nullptr;
    const std::uint8_t* m = free_.data() + index(0, y);
    const float* fr = f + index(0, y);
    const int first = (colour + y) & 1;  // first column of this colour
    if (zeroGuess) {                     // the other colour is still 0: x_i = f_i / diagonal
        for (int i = first; i < w; i += 2) {
            const float inverse =
                inverseDiagonal_[static_cast<std::size_t>(outsideNeighbours(i, y))];
            c[i] = m[i] != 0 ? fr[i] * inverse : 0.0f;
        }
        return;
    }
    // Border pixels: neighbours outside the image leave the sum and the diagonal (the same
    // equation as the Neumann replacement).
    const auto pixel = [&](int i) {
        float sum = 0.0f;
        if (up != nullptr) sum += up[i];
        if (down != nullptr) sum += down[i];
        if (i > 0) sum += c[i - 1];
        if (i + 1 < w) sum += c[i + 1];
        const float inverse = inverseDiagonal_[static_cast<std::size_t>(outsideNeighbours(i, y))];
        c[i] = m[i] != 0 ? (fr[i] + sum) * inverse : 0.0f;
    };
    if (up == nullptr || down == nullptr || w < 3) {
        for (int i = first; i < w; i += 2) pixel(i);
        return;
    }
    int begin = first;
    if (begin == 0) {
        pixel(0);
        begin = 2;
    }
    const int lastColumn = w - 1;
    smoothInterior(up, c, down, fr, m, begin, lastColumn, inverseDiagonal_[0]);
    if ((lastColumn - first) % 2 == 0 && lastColumn >= begin) pixel(lastColumn);
}

void EsfFineOperator::smooth(const float* f, float* x, int first, bool zeroGuess) const {
    laggedSweep(
        height_, threads_, [&](int y) { smoothRow(f, x, y, first, zeroGuess); },
        [&](int y) { smoothRow(f, x, y, 1 - first, false); });
}

}  // namespace xrayprep::processing::esf
