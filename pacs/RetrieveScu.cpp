#include "pacs/RetrieveScu.h"

#include <dcmtk/dcmnet/dimse.h>

#include <memory>

namespace xrayprep::pacs {

RetrieveScu::RetrieveScu(std::filesystem::path cache, ProgressCallback progress,
                         const std::atomic<bool>* cancel)
    : cache_(std::move(cache)), progress_(std::move(progress)), cancel_(cancel) {}

bool RetrieveScu::cancelRequested() {
    if (cancel_ != nullptr && cancel_->load()) cancelled_ = true;
    return cancelled_;
}

OFCondition RetrieveScu::handleCGETResponse(const T_ASC_PresentationContextID presID,
                                            RetrieveResponse* response,
                                            OFBool& continueCGETSession) {
    const OFCondition cond = DcmSCU::handleCGETResponse(presID, response, continueCGETSession);
    if (response != nullptr) {
        counts_.remaining = response->m_numberOfRemainingSubops;
        if (!continueCGETSession) finalStatus_ = response->m_status;
        if (progress_) progress_(counts_);
    }
    if (cancelRequested()) continueCGETSession = OFFalse;
    return cond;
}

OFCondition RetrieveScu::handleSTORERequest(const T_ASC_PresentationContextID /*presID*/,
                                            DcmDataset* incomingObject, OFBool& continueCGETSession,
                                            Uint16& cStoreReturnStatus) {
    // DcmSCU hands the dataset over: it is ours to delete.
    const std::unique_ptr<DcmDataset> dataset(incomingObject);
    continueCGETSession = OFTrue;
    if (!dataset) return DIMSE_NULLKEY;
    cStoreReturnStatus = cache_.store(*dataset);
    counts_.received = static_cast<int>(cache_.written().size());
    counts_.failed = static_cast<int>(cache_.failures().size());
    if (progress_) progress_(counts_);
    if (cancelRequested()) continueCGETSession = OFFalse;
    return EC_Normal;
}

}  // namespace xrayprep::pacs
