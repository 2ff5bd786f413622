#pragma once

#include <string>

#include "pacs/PacsNode.h"

class DcmSCU;
class OFCondition;

namespace xrayprep::pacs {

// One association of a DcmSCU with a node: configures the SCU (AE titles, address, every
// timeout, non-blocking DIMSE so a silent peer cannot hang us), negotiates, and turns DCMTK's
// conditions into PacsError with a message that names the node and the cause. The association
// is released when the session ends normally and aborted when it ends by an exception.
// Internal to the pacs module (its header exposes DCMTK types).
class ScuSession {
  public:
    ScuSession(DcmSCU& scu, const PacsNode& node);
    ~ScuSession();
    ScuSession(const ScuSession&) = delete;
    ScuSession& operator=(const ScuSession&) = delete;

    // initNetwork + negotiateAssociation. `operation` ("echo", "find") names the service in
    // the message when the peer accepts none of the proposed presentation contexts.
    void open(const std::string& operation);
    // Proposes `sopClass` in the uncompressed little-endian syntaxes (besides any contexts the
    // caller added), opens, and returns the accepted context's ID for the request.
    unsigned char openFor(const char* sopClass, const std::string& operation);
    // A-RELEASE; the destructor aborts instead when this was not called.
    void release();
    // Throws the PacsError that `condition` (from a DIMSE exchange of `operation`) means.
    [[noreturn]] void fail(const OFCondition& condition, const std::string& operation) const;

  private:
    [[noreturn]] void failToConnect(const OFCondition& condition,
                                    const std::string& operation) const;

    DcmSCU& scu_;
    PacsNode node_;
    bool released_ = false;
};

}  // namespace xrayprep::pacs
