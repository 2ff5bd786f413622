#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmnet/scu.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pacs/CacheWriter.h"
#include "pacs/PacsClient.h"

namespace xrayprep::pacs {

// A DcmSCU whose incoming C-STOREs (the sub-operations of a C-GET) go into the cache through
// CacheWriter (each file whole) instead of DcmSCU's own direct file writes; refused instances
// are counted as failed. Raising the cancel flag ends the session after
// the current message. Internal to the pacs module.
class RetrieveScu : public DcmSCU {
  public:
    using ProgressCallback = std::function<void(const RetrieveProgress&)>;

    RetrieveScu(std::filesystem::path cache, ProgressCallback progress,
                const std::atomic<bool>* cancel);

    // The instances written and refused so far.
    [[nodiscard]] const CacheWriter& cacheWriter() const { return cache_; }
    [[nodiscard]] bool cancelled() const { return cancelled_; }
    // The final C-GET response's status (0 success, 0xB000 warning, 0xFE00 cancelled, ...).
    [[nodiscard]] Uint16 finalStatus() const { return finalStatus_; }

    OFCondition handleCGETResponse(const T_ASC_PresentationContextID presID,
                                   RetrieveResponse* response,
                                   OFBool& continueCGETSession) override;
    OFCondition handleSTORERequest(const T_ASC_PresentationContextID presID,
                                   DcmDataset* incomingObject, OFBool& continueCGETSession,
                                   Uint16& cStoreReturnStatus) override;

  private:
    bool cancelRequested();

    CacheWriter cache_;
    ProgressCallback progress_;
    const std::atomic<bool>* cancel_;
    RetrieveProgress counts_;
    bool cancelled_ = false;
    Uint16 finalStatus_ = 0;
};

}  // namespace xrayprep::pacs
