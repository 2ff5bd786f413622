#include "dicom/FrameConverter.h"

#include <algorithm>
#include <stdexcept>

namespace xrayprep::dicom {
namespace {

// Luminance of a colour frame, or the single component of a grey one.
std::vector<std::int32_t> luminance(const DecodedFrame& f, std::vector<std::string>& warnings) {
    const std::size_t pixels = static_cast<std::size_t>(f.width) * f.height;
    if (f.components == 1) return {f.samples.begin(), f.samples.begin() + pixels};
    if (f.colorModel.rfind("YBR", 0) == 0) {
        warnings.push_back("colour image (" + f.colorModel +
                           ") converted to luminance (its Y component)");
        return {f.samples.begin(), f.samples.begin() + pixels};
    }
    warnings.push_back("colour image (" + f.colorModel +
                       ") converted to luminance (0.299 R + 0.587 G + 0.114 B)");
    std::vector<std::int32_t> y(pixels);
    const std::int32_t* r = f.samples.data();
    const std::int32_t* g = r + pixels;
    const std::int32_t* b = g + pixels;
    for (std::size_t i = 0; i < pixels; ++i) {
        const std::int64_t sum = 299LL * r[i] + 587LL * g[i] + 114LL * b[i];
        y[i] = static_cast<std::int32_t>(sum >= 0 ? (sum + 500) / 1000 : -((-sum + 500) / 1000));
    }
    return y;
}

int bitsForUnsigned(std::int64_t max) {
    int bits = 1;
    while (bits < 32 && (std::int64_t{1} << bits) - 1 < max) ++bits;
    return bits;
}

int bitsForSigned(std::int64_t min, std::int64_t max) {
    int bits = 1;
    while (bits < 32 &&
           (-(std::int64_t{1} << (bits - 1)) > min || (std::int64_t{1} << (bits - 1)) - 1 < max)) {
        ++bits;
    }
    return bits;
}

}  // namespace

ConvertedFrame FrameConverter::operator()(const DecodedFrame& frame, bool monochrome1) const {
    ConvertedFrame out;
    const std::vector<std::int32_t> values = luminance(frame, out.warnings);
    int bits = frame.bitsStored;
    std::int64_t low = frame.isSigned ? -(std::int64_t{1} << (bits - 1)) : 0;
    std::int64_t high =
        frame.isSigned ? (std::int64_t{1} << (bits - 1)) - 1 : (std::int64_t{1} << bits) - 1;
    bool clamp = false;
    if (!values.empty()) {
        const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
        const std::int64_t tolerance = (high - low + 1) / 16;
        if (*lo < low || *hi > high) {
            if (frame.lossy && *lo >= low - tolerance && *hi <= high + tolerance) {
                clamp = true;  // ringing of a lossy codec around the extremes
            } else {
                clamp = !frame.isSigned && *lo < 0;  // unsigned data cannot go below 0
                const int needed = frame.isSigned ? bitsForSigned(*lo, *hi) : bitsForUnsigned(*hi);
                if (needed > 16) {
                    throw std::runtime_error("decoded values need " + std::to_string(needed) +
                                             " bits; at most 16 are supported");
                }
                if (needed > bits) {
                    out.warnings.push_back("decoded values exceed BitsStored " +
                                           std::to_string(bits) + "; using " +
                                           std::to_string(needed) + " bits");
                    bits = needed;
                    low = frame.isSigned ? -(std::int64_t{1} << (bits - 1)) : 0;
                    high = frame.isSigned ? (std::int64_t{1} << (bits - 1)) - 1
                                          : (std::int64_t{1} << bits) - 1;
                }
            }
        }
    }
    out.wasSigned = frame.isSigned;
    out.signedOffset = frame.isSigned ? (std::int32_t{1} << (bits - 1)) : 0;
    out.image = processing::Image(frame.width, frame.height, bits);
    const std::int32_t maxValue = out.image.maxValue();
    std::uint16_t* dst = out.image.data();
    std::size_t clamped = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::int64_t v = values[i];
        if (clamp && (v < low || v > high)) {
            v = std::clamp(v, low, high);
            ++clamped;
        }
        const std::int32_t u = static_cast<std::int32_t>(v) + out.signedOffset;
        dst[i] = static_cast<std::uint16_t>(monochrome1 ? maxValue - u : u);
    }
    if (clamped > 0) {
        out.warnings.push_back(std::to_string(clamped) + " decoded values outside the " +
                               std::to_string(bits) + "-bit range clamped" +
                               (frame.lossy ? " (lossy compression overshoot)" : ""));
    }
    return out;
}

}  // namespace xrayprep::dicom
