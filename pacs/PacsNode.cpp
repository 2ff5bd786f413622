#include "pacs/PacsNode.h"

#include <stdexcept>

#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

// PS3.5 AE value representation: 1..16 characters of the default repertoire, no backslash,
// no control characters, not only spaces.
void validateAeTitle(const std::string& title, const char* what) {
    const bool blank = title.find_first_not_of(' ') == std::string::npos;
    bool allowed = !blank && title.size() <= 16;
    for (const char c : title) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f || c == '\\') allowed = false;
    }
    if (!allowed) {
        throw std::invalid_argument(std::string(what) + " '" + processing::printableText(title) +
                                    "' is not a valid AE title (1 to 16 printable ASCII "
                                    "characters, no backslash)");
    }
}

}  // namespace

std::string PacsNode::label() const {
    return "AE '" + processing::printableText(calledAe) + "' at " +
           processing::printableText(host) + ":" + std::to_string(port);
}

void PacsNode::validate() const {
    validateAeTitle(callingAe, "calling AE title");
    validateAeTitle(calledAe, "called AE title");
    if (host.empty()) throw std::invalid_argument("no host given");
    if (port < 1 || port > 65535) {
        throw std::invalid_argument("port " + std::to_string(port) + " is not in 1..65535");
    }
    if (connectTimeoutSeconds < 1 || dimseTimeoutSeconds < 1) {
        throw std::invalid_argument("timeouts must be at least 1 s");
    }
}

}  // namespace xrayprep::pacs
