#pragma once

#include <vector>

namespace xrayprep::pacs {

// Storage SOP classes we receive (C-GET, C-MOVE): radiographs and what is made of them. A peer
// sends an instance only in a presentation context we accepted, so anything else fails.
[[nodiscard]] const std::vector<const char*>& receivedStorageClasses();

// The compressed transfer syntaxes we receive as they are (no transcoding by the peer, pixel
// data bit for bit); the uncompressed ones come besides.
[[nodiscard]] const std::vector<const char*>& compressedTransferSyntaxes();

}  // namespace xrayprep::pacs
