#include "pacs/MoveDestination.h"

#include <memory>

#include "pacs/PacsError.h"
#include "pacs/StorageContexts.h"
#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

MoveDestination::MoveDestination(const PacsNode& node, int port, CacheWriter& cache)
    : node_(node), port_(port), cache_(cache) {
    setAETitle(node_.callingAe.c_str());
    setPort(static_cast<Uint16>(port_));
    setConnectionBlockingMode(DUL_NOBLOCK);
    setConnectionTimeout(1);  // the accept loop looks at the stop flag every second
    setDIMSEBlockingMode(DIMSE_NONBLOCKING);
    setDIMSETimeout(static_cast<Uint32>(node_.dimseTimeoutSeconds));
    setACSETimeout(static_cast<Uint32>(node_.connectTimeoutSeconds));
    setHostLookupEnabled(OFFalse);
    setVerbosePCMode(OFFalse);
    // The peer's own syntax first: the acceptor picks by its list's order, so an instance
    // arrives as the PACS holds it whenever the PACS proposes that syntax.
    OFList<OFString> syntaxes;
    for (const char* s : compressedTransferSyntaxes()) syntaxes.push_back(s);
    syntaxes.push_back(UID_LittleEndianExplicitTransferSyntax);
    syntaxes.push_back(UID_LittleEndianImplicitTransferSyntax);
    for (const char* sopClass : receivedStorageClasses())
        addPresentationContext(sopClass, syntaxes);
    OFList<OFString> plain;
    plain.push_back(UID_LittleEndianExplicitTransferSyntax);
    plain.push_back(UID_LittleEndianImplicitTransferSyntax);
    addPresentationContext(UID_VerificationSOPClass, plain);
}

MoveDestination::~MoveDestination() { stop(); }

void MoveDestination::start() {
    const OFCondition cond = openListenPort();
    if (cond.bad()) {
        throw PacsError(PacsError::Kind::Protocol,
                        "cannot listen on port " + std::to_string(port_) +
                            " for the C-MOVE: " + processing::printableText(cond.text()));
    }
    thread_ = std::thread([this] { acceptAssociations(); });
}

void MoveDestination::stop() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
}

OFBool MoveDestination::checkCallingAETitleAccepted(const OFString& callingAE) {
    return callingAE == node_.calledAe.c_str();
}

OFBool MoveDestination::checkCalledAETitleAccepted(const OFString& calledAE) {
    return calledAE == node_.callingAe.c_str();
}

OFCondition MoveDestination::handleIncomingCommand(T_DIMSE_Message* incomingMsg,
                                                   const DcmPresentationContextInfo& presInfo) {
    if (incomingMsg->CommandField != DIMSE_C_STORE_RQ) {
        return DcmSCP::handleIncomingCommand(incomingMsg, presInfo);
    }
    T_DIMSE_C_StoreRQ& request = incomingMsg->msg.CStoreRQ;
    DcmDataset* received = nullptr;
    OFCondition cond = receiveSTORERequest(request, presInfo.presentationContextID, received);
    const std::unique_ptr<DcmDataset> dataset(received);
    if (cond.bad() || !dataset) return cond.bad() ? cond : DIMSE_NULLKEY;
    const Uint16 status = cache_.store(*dataset);
    if (status == STATUS_Success) received_.fetch_add(1);
    return sendSTOREResponse(presInfo.presentationContextID, request, status);
}

}  // namespace xrayprep::pacs
