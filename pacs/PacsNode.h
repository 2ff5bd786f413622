#pragma once

#include <string>

namespace xrayprep::pacs {

// A DICOM application entity to talk to, and how long to wait for it. Every network wait is
// bounded by one of the two timeouts, so no operation can hang on a silent peer.
struct PacsNode {
    std::string callingAe = "XRAYPREP";  // our AE title, as the peer knows us
    std::string calledAe = "ANY-SCP";    // the peer's AE title
    std::string host = "127.0.0.1";
    int port = 104;
    // TCP connect and association negotiation (A-ASSOCIATE-RQ until AC/RJ).
    int connectTimeoutSeconds = 10;
    // Each DIMSE message (a C-FIND answer, the next C-STORE of a C-GET, a C-STORE response).
    int dimseTimeoutSeconds = 30;

    // "AE 'ORTHANC' at 127.0.0.1:4242", made printable: error messages name the node.
    [[nodiscard]] std::string label() const;
    // Throws std::invalid_argument on AE titles that DICOM does not allow (empty, longer than
    // 16 characters, a backslash or control character) and on a port outside 1..65535.
    void validate() const;
};

}  // namespace xrayprep::pacs
