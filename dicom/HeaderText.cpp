#include "dicom/HeaderText.h"

#include "processing/core/PrintableText.h"

namespace xrayprep::dicom {
namespace {

constexpr char kEscape = '\x1B';

// Bytes that are not UTF-8 become '?'; control characters go.
std::string utf8Only(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = 1;
        while (n <= 4 && i + n <= text.size() && !processing::isValidUtf8(text.substr(i, n))) {
            ++n;
        }
        if (n > 4 || i + n > text.size()) {
            out += '?';
            ++i;
            continue;
        }
        const auto lead = static_cast<unsigned char>(text[i]);
        const bool c0 = n == 1 && (lead < 0x20 || lead == 0x7F);
        const bool c1 = n == 2 && lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
        if (!c0 && !c1) out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

}  // namespace

std::string convertibleHeaderText(std::string_view value, bool personName, bool& changed) {
    std::string_view kept = value;
    if (const auto escape = value.find(kEscape); escape != std::string_view::npos) {
        kept = value.substr(0, escape);
        if (personName) {
            // Alphabetic=Ideographic=Phonetic: keep the groups before the one with the escape.
            const auto group = kept.rfind('=');
            kept = group == std::string_view::npos ? std::string_view{} : kept.substr(0, group);
        }
    }
    std::string out = utf8Only(kept);
    changed = out != value;
    return out;
}

}  // namespace xrayprep::dicom
