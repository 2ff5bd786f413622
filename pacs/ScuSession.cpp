#include "pacs/ScuSession.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmnet/assoc.h>
#include <dcmtk/dcmnet/dcmtrans.h>
#include <dcmtk/dcmnet/diutil.h>
#include <dcmtk/dcmnet/scu.h>

#include "pacs/PacsError.h"
#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

std::string rejectReasonText(T_ASC_RejectParametersReason reason) {
    switch (reason) {
        case ASC_REASON_SU_NOREASON:
            return "no reason given";
        case ASC_REASON_SU_APPCONTEXTNAMENOTSUPPORTED:
            return "application context name not supported";
        case ASC_REASON_SU_CALLINGAETITLENOTRECOGNIZED:
            return "calling AE title not recognized";
        case ASC_REASON_SU_CALLEDAETITLENOTRECOGNIZED:
            return "called AE title not recognized";
        case ASC_REASON_SP_ACSE_NOREASON:
            return "no reason given (ACSE)";
        case ASC_REASON_SP_ACSE_PROTOCOLVERSIONNOTSUPPORTED:
            return "protocol version not supported";
        case ASC_REASON_SP_PRES_TEMPORARYCONGESTION:
            return "temporary congestion";
        case ASC_REASON_SP_PRES_LOCALLIMITEXCEEDED:
            return "local limit exceeded";
    }
    return "reason " + std::to_string(static_cast<int>(reason));
}

// DcmSCU keeps the A-ASSOCIATE-RJ parameters to itself (it only logs them), so after a
// rejection one bare association request (Verification only, same AE titles) is made to learn
// the reason. This costs a round trip on the failure path only.
std::string probeRejectReason(const PacsNode& node) {
    T_ASC_Network* net = nullptr;
    if (ASC_initializeNetwork(NET_REQUESTOR, 0, node.connectTimeoutSeconds, &net).bad()) {
        return "";
    }
    T_ASC_Parameters* params = nullptr;
    std::string reason;
    if (ASC_createAssociationParameters(&params, ASC_DEFAULTMAXPDU).good()) {
        const std::string peer = node.host + ":" + std::to_string(node.port);
        const char* syntaxes[] = {UID_LittleEndianImplicitTransferSyntax};
        ASC_setAPTitles(params, node.callingAe.c_str(), node.calledAe.c_str(), nullptr);
        ASC_setPresentationAddresses(params, "localhost", peer.c_str());
        ASC_addPresentationContext(params, 1, UID_VerificationSOPClass, syntaxes, 1);
        T_ASC_Association* assoc = nullptr;
        const OFCondition cond = ASC_requestAssociation(net, params, &assoc);
        if (cond == DUL_ASSOCIATIONREJECTED) {
            T_ASC_RejectParameters rejection{};
            ASC_getRejectParameters(params, &rejection);
            reason = rejectReasonText(rejection.reason);
        } else if (cond.good()) {
            ASC_abortAssociation(assoc);
        }
        if (assoc != nullptr) {
            ASC_destroyAssociation(&assoc);  // frees params too
        } else {
            ASC_destroyAssociationParameters(&params);
        }
    }
    ASC_dropNetwork(&net);
    return reason;
}

bool mentions(const OFCondition& condition, const char* word) {
    const std::string text = condition.text();
    return text.find(word) != std::string::npos;
}

}  // namespace

ScuSession::ScuSession(DcmSCU& scu, const PacsNode& node) : scu_(scu), node_(node) {
    node_.validate();
    scu_.setAETitle(node_.callingAe.c_str());
    scu_.setPeerAETitle(node_.calledAe.c_str());
    scu_.setPeerHostName(node_.host.c_str());
    scu_.setPeerPort(static_cast<Uint16>(node_.port));
    scu_.setConnectionTimeout(node_.connectTimeoutSeconds);
    scu_.setACSETimeout(static_cast<Uint32>(node_.connectTimeoutSeconds));
    scu_.setDIMSETimeout(static_cast<Uint32>(node_.dimseTimeoutSeconds));
    scu_.setDIMSEBlockingMode(DIMSE_NONBLOCKING);
    scu_.setVerbosePCMode(OFFalse);
    // Process-wide DCMTK settings: the TCP connect and the socket send/receive waits. A command
    // line talks to one node at a time, so the last node's values are the ones that apply.
    dcmConnectionTimeout.set(node_.connectTimeoutSeconds);
    dcmSocketSendTimeout.set(node_.dimseTimeoutSeconds);
    dcmSocketReceiveTimeout.set(node_.dimseTimeoutSeconds);
}

ScuSession::~ScuSession() {
    if (!released_ && scu_.isConnected()) scu_.abortAssociation();
}

void ScuSession::open(const std::string& operation) {
    OFCondition cond = scu_.initNetwork();
    if (cond.bad()) {
        throw PacsError(PacsError::Kind::Protocol,
                        "cannot set up the network: " + std::string(cond.text()));
    }
    cond = scu_.negotiateAssociation();
    if (cond.bad()) failToConnect(cond, operation);
}

unsigned char ScuSession::openFor(const char* sopClass, const std::string& operation) {
    OFList<OFString> syntaxes;
    syntaxes.push_back(UID_LittleEndianExplicitTransferSyntax);
    syntaxes.push_back(UID_LittleEndianImplicitTransferSyntax);
    scu_.addPresentationContext(sopClass, syntaxes);
    open(operation);
    return scu_.findAnyPresentationContextID(sopClass, UID_LittleEndianExplicitTransferSyntax);
}

void ScuSession::release() {
    released_ = true;
    if (scu_.isConnected()) scu_.releaseAssociation();
}

void ScuSession::failToConnect(const OFCondition& cond, const std::string& operation) const {
    const std::string address =
        processing::printableText(node_.host) + ":" + std::to_string(node_.port);
    if (cond == DUL_ASSOCIATIONREJECTED) {
        const std::string reason = probeRejectReason(node_);
        throw PacsError(PacsError::Kind::Rejected,
                        "association rejected by " + node_.label() + ": " +
                            (reason.empty() ? std::string("no reason known") : reason));
    }
    if (cond == NET_EC_NoAcceptablePresentationContexts) {
        throw PacsError(PacsError::Kind::Rejected,
                        node_.label() + " accepted none of the proposed presentation contexts (" +
                            operation + " is not offered to AE '" +
                            processing::printableText(node_.callingAe) + "')");
    }
    if (mentions(cond, "refused")) {
        throw PacsError(PacsError::Kind::Unreachable,
                        "cannot reach " + address + ": connection refused");
    }
    if (mentions(cond, "timed out") || mentions(cond, "Timeout") || cond == DUL_READTIMEOUT) {
        // Either the TCP connect or the A-ASSOCIATE answer did not come in time.
        throw PacsError(PacsError::Kind::Timeout, "no answer from " + node_.label() + " within " +
                                                      std::to_string(node_.connectTimeoutSeconds) +
                                                      " s (connecting)");
    }
    if (cond == DUL_PEERABORTEDASSOCIATION || cond == DUL_NETWORKCLOSED) {
        throw PacsError(PacsError::Kind::Aborted,
                        node_.label() + " closed the connection during association negotiation");
    }
    throw PacsError(PacsError::Kind::Unreachable, "cannot associate with " + node_.label() + ": " +
                                                      processing::printableText(cond.text()));
}

void ScuSession::fail(const OFCondition& cond, const std::string& operation) const {
    if (cond == DIMSE_NODATAAVAILABLE || cond == DUL_READTIMEOUT) {
        throw PacsError(PacsError::Kind::Timeout, "no response from " + node_.label() + " within " +
                                                      std::to_string(node_.dimseTimeoutSeconds) +
                                                      " s (" + operation + ")");
    }
    if (cond == DUL_PEERABORTEDASSOCIATION || cond == DUL_NETWORKCLOSED ||
        cond == DUL_PEERREQUESTEDRELEASE) {
        throw PacsError(PacsError::Kind::Aborted,
                        node_.label() + " ended the association during " + operation);
    }
    throw PacsError(PacsError::Kind::Protocol, operation + " with " + node_.label() + " failed: " +
                                                   processing::printableText(cond.text()));
}

}  // namespace xrayprep::pacs
