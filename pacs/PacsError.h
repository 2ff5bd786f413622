#pragma once

#include <stdexcept>
#include <string>

namespace xrayprep::pacs {

// A network or remote failure, with a one-line message that names the node and says what
// went wrong in words ("cannot reach 127.0.0.1:4242: connection refused", "association
// rejected by AE 'X' at H:P: called AE title not recognized", "no response from ... within
// 30 s"). Anything from the network in the message is already made printable.
class PacsError : public std::runtime_error {
  public:
    enum class Kind {
        Unreachable,  // TCP connection failed or timed out
        Rejected,     // A-ASSOCIATE-RJ, or no presentation context accepted
        Timeout,      // a DIMSE message did not come within the DIMSE timeout
        Aborted,      // the peer aborted or closed the association
        Refused,      // the peer answered with a failure status
        Protocol,     // anything else DCMTK reported
        Cancelled,    // the caller's cancel flag was raised
    };

    PacsError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}

    [[nodiscard]] Kind kind() const { return kind_; }

  private:
    Kind kind_;
};

}  // namespace xrayprep::pacs
