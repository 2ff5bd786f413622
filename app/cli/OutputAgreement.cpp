#include "app/cli/OutputAgreement.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace xrayprep::app {

namespace {

struct Difference {
    std::int64_t differing = 0;
    double largest = 0.0;
    bool sameSize = true;
};

template <class T>
Difference differenceOf(const processing::Raster<T>& a, const processing::Raster<T>& b) {
    Difference d;
    if (a.width() != b.width() || a.height() != b.height()) {
        d.sameSize = false;
        return d;
    }
    const T* pa = a.data();
    const T* pb = b.data();
    for (std::size_t i = 0; i < a.size(); ++i) {
        // Compared as bits for floats too (bit for bit is the claim), NaN included.
        if (std::memcmp(pa + i, pb + i, sizeof(T)) == 0) continue;
        ++d.differing;
        d.largest = std::max(d.largest, std::fabs(static_cast<double>(pa[i]) - pb[i]));
    }
    return d;
}

// 2|A∩B| / (|A|+|B|) over nonzero pixels; 1 for two empty masks.
double diceOf(const processing::Mask& a, const processing::Mask& b) {
    std::int64_t both = 0, inA = 0, inB = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool x = a.data()[i] != 0;
        const bool y = b.data()[i] != 0;
        inA += x;
        inB += y;
        both += x && y;
    }
    return inA + inB == 0 ? 1.0 : 2.0 * static_cast<double>(both) / static_cast<double>(inA + inB);
}

std::string describe(const char* name, const Difference& d, const std::string& extra = {}) {
    if (!d.sameSize) return std::string(name) + " has another size";
    if (d.differing == 0) return std::string(name) + " ==";
    char text[160];
    std::snprintf(text, sizeof text, "%s differs in %lld px (max |d| %g%s)", name,
                  static_cast<long long>(d.differing), d.largest, extra.c_str());
    return text;
}

}  // namespace

std::string describeAgreement(const processing::PipelineResult& ref,
                              const processing::PipelineResult& other) {
    std::string text;
    auto add = [&](const std::string& item) { text += (text.empty() ? "" : ", ") + item; };
    add(describe("median", differenceOf(ref.median, other.median)));
    add(describe("threshold", differenceOf(ref.thresholded, other.thresholded)));
    add(describe("sobel", differenceOf(ref.sobel, other.sobel)));
    const Difference mask = differenceOf(ref.contour.mask, other.contour.mask);
    std::string dice;
    if (mask.sameSize && mask.differing > 0) {
        char value[48];
        std::snprintf(value, sizeof value, ", Dice %.6f",
                      diceOf(ref.contour.mask, other.contour.mask));
        dice = value;
    }
    add(describe("mask", mask, dice));
    add(describe("final", differenceOf(ref.final, other.final)));
    add(describe("esf", differenceOf(ref.esf.field, other.esf.field)));
    return text;
}

}  // namespace xrayprep::app
