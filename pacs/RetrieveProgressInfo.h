#pragma once

namespace xrayprep::pacs {

// How far a retrieve has come: instances written, and the peer's count of sub-operations
// remaining from its last C-GET response (0 until it says otherwise); failed instances.
struct RetrieveProgress {
    int received = 0;
    int remaining = 0;
    int failed = 0;
};

}  // namespace xrayprep::pacs
