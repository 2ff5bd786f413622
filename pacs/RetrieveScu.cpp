#include "pacs/RetrieveScu.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmnet/dimse.h>

#include <exception>
#include <memory>

#include "dicom/Part10Encoding.h"
#include "io/AtomicFile.h"
#include "pacs/PacsQuery.h"
#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

std::string stringOf(DcmDataset& dataset, const DcmTagKey& tag) {
    OFString value;
    dataset.findAndGetOFString(tag, value);
    return value.c_str();
}

// C-STORE status "Refused: Out of Resources" (PS3.4 B.2.3): the instance is not kept.
constexpr Uint16 kStoreRefused = 0xA700;
// "Error: Cannot understand": an instance whose UIDs we cannot use.
constexpr Uint16 kStoreCannotUnderstand = 0xC000;

}  // namespace

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
    const std::string study = stringOf(*dataset, DCM_StudyInstanceUID);
    const std::string series = stringOf(*dataset, DCM_SeriesInstanceUID);
    const std::string instance = stringOf(*dataset, DCM_SOPInstanceUID);
    if (!isDicomUid(study) || !isDicomUid(series) || !isDicomUid(instance)) {
        failures_.push_back("instance with malformed UIDs refused (study '" +
                            processing::printableText(study) + "', SOP instance '" +
                            processing::printableText(instance) + "')");
        ++counts_.failed;
        cStoreReturnStatus = kStoreCannotUnderstand;
    } else {
        const auto file = cache_ / study / series / (instance + ".dcm");
        try {
            std::filesystem::create_directories(file.parent_path());
            DcmFileFormat fileFormat(dataset.get());
            const std::vector<std::uint8_t> bytes =
                dicom::encodePart10(fileFormat, dataset->getOriginalXfer(), EWM_updateMeta);
            io::writeFileAtomically(file, bytes);
            written_.push_back(file);
            ++counts_.received;
            cStoreReturnStatus = STATUS_Success;
        } catch (const std::exception& e) {
            failures_.push_back(processing::printableText(e.what()));
            ++counts_.failed;
            cStoreReturnStatus = kStoreRefused;
        }
    }
    if (progress_) progress_(counts_);
    if (cancelRequested()) continueCGETSession = OFFalse;
    return EC_Normal;
}

}  // namespace xrayprep::pacs
