#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmnet/scu.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pacs/PacsClient.h"

namespace xrayprep::pacs {

// A DcmSCU whose incoming C-STOREs (the sub-operations of a C-GET) go into the cache as
// <cache>/<StudyUID>/<SeriesUID>/<SOPInstanceUID>.dcm, each written whole through
// io::writeFileAtomically (never a partial file), instead of DcmSCU's own direct file writes.
// An instance whose UIDs are not DICOM UIDs (they become path components) is refused with a
// C-STORE failure status and counted as failed. Raising the cancel flag ends the session after
// the current message. Internal to the pacs module.
class RetrieveScu : public DcmSCU {
  public:
    using ProgressCallback = std::function<void(const RetrieveProgress&)>;

    RetrieveScu(std::filesystem::path cache, ProgressCallback progress,
                const std::atomic<bool>* cancel);

    [[nodiscard]] const std::vector<std::filesystem::path>& written() const { return written_; }
    [[nodiscard]] const std::vector<std::string>& failures() const { return failures_; }
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

    std::filesystem::path cache_;
    ProgressCallback progress_;
    const std::atomic<bool>* cancel_;
    RetrieveProgress counts_;
    std::vector<std::filesystem::path> written_;
    std::vector<std::string> failures_;
    bool cancelled_ = false;
    Uint16 finalStatus_ = 0;
};

}  // namespace xrayprep::pacs
