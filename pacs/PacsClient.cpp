#include "pacs/PacsClient.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcdict.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmnet/diutil.h>
#include <dcmtk/dcmnet/scu.h>
#include <dcmtk/oflog/oflog.h>

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <utility>

#include "pacs/CacheWriter.h"
#include "pacs/MoveDestination.h"
#include "pacs/PacsError.h"
#include "pacs/RetrieveScu.h"
#include "pacs/ScuSession.h"
#include "pacs/StorageContexts.h"
#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

// DCMTK's own log would print its view of every failure on stderr beside our message, and
// without the data dictionary no tag can be named: checked once per process.
void ensureDcmtkReady() {
    static std::once_flag once;
    std::call_once(once, [] { OFLog::configure(OFLogger::FATAL_LOG_LEVEL); });
    if (!dcmDataDict.isDictionaryLoaded()) {
        throw std::runtime_error("DCMTK's data dictionary is not loaded (set DCMDICTPATH)");
    }
}

const OFList<OFString>& uncompressedSyntaxes() {
    static const OFList<OFString> syntaxes = [] {
        OFList<OFString> list;
        list.push_back(UID_LittleEndianExplicitTransferSyntax);
        list.push_back(UID_LittleEndianImplicitTransferSyntax);
        return list;
    }();
    return syntaxes;
}

// Presentation context IDs are the odd numbers 1..255.
constexpr std::size_t kMaxContexts = 128;

std::string trimmed(const OFString& value) {
    std::string text = value.c_str();
    while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) text.pop_back();
    return text;
}

std::string stringOf(DcmItem& item, const DcmTagKey& tag) {
    OFString value;
    // The whole value, backslashes included (Modalities in Study is multi-valued).
    item.findAndGetOFStringArray(tag, value);
    return trimmed(value);
}

std::string hexStatus(unsigned status) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%04X", status & 0xFFFFu);
    return text;
}

void putKey(DcmDataset& keys, const DcmTagKey& tag, const std::string& value) {
    const OFCondition cond = keys.putAndInsertString(tag, value.c_str());
    if (cond.bad()) throw std::runtime_error(std::string("cannot build the query: ") + cond.text());
}

DcmDataset findKeys(const PacsQuery& query) {
    DcmDataset keys;
    const bool series = query.level == QueryLevel::Series;
    putKey(keys, DCM_QueryRetrieveLevel, series ? "SERIES" : "STUDY");
    putKey(keys, DCM_PatientName, query.patientName);
    putKey(keys, DCM_PatientID, query.patientId);
    putKey(keys, DCM_StudyInstanceUID, query.studyUid);
    putKey(keys, DCM_StudyDate, query.studyDate);
    putKey(keys, DCM_StudyDescription, "");
    if (series) {
        putKey(keys, DCM_SeriesInstanceUID, "");
        putKey(keys, DCM_Modality, query.modality);
        putKey(keys, DCM_BodyPartExamined, query.bodyPart);
        putKey(keys, DCM_SeriesDescription, "");
        putKey(keys, DCM_NumberOfSeriesRelatedInstances, "");
    } else {
        putKey(keys, DCM_ModalitiesInStudy, query.modality);
        putKey(keys, DCM_NumberOfStudyRelatedInstances, "");
    }
    return keys;
}

PacsMatch matchOf(DcmDataset& answer, QueryLevel level) {
    PacsMatch m;
    m.patientName = stringOf(answer, DCM_PatientName);
    m.patientId = stringOf(answer, DCM_PatientID);
    m.studyUid = stringOf(answer, DCM_StudyInstanceUID);
    m.studyDate = stringOf(answer, DCM_StudyDate);
    if (level == QueryLevel::Series) {
        m.seriesUid = stringOf(answer, DCM_SeriesInstanceUID);
        m.description = stringOf(answer, DCM_SeriesDescription);
        m.modality = stringOf(answer, DCM_Modality);
        m.bodyPart = stringOf(answer, DCM_BodyPartExamined);
        m.instances = stringOf(answer, DCM_NumberOfSeriesRelatedInstances);
    } else {
        m.description = stringOf(answer, DCM_StudyDescription);
        m.modality = stringOf(answer, DCM_ModalitiesInStudy);
        m.instances = stringOf(answer, DCM_NumberOfStudyRelatedInstances);
    }
    return m;
}

// What a C-GET or C-MOVE asks for: the study, or one series of it. The UIDs name cache folders.
void validateRequest(const RetrieveRequest& request) {
    if (!isDicomUid(request.studyUid)) {
        throw std::invalid_argument("study UID '" + processing::printableText(request.studyUid) +
                                    "' is not a DICOM UID (digits and dots)");
    }
    if (!request.seriesUid.empty() && !isDicomUid(request.seriesUid)) {
        throw std::invalid_argument("series UID '" + processing::printableText(request.seriesUid) +
                                    "' is not a DICOM UID (digits and dots)");
    }
}

DcmDataset retrieveKeys(const RetrieveRequest& request) {
    DcmDataset keys;
    putKey(keys, DCM_QueryRetrieveLevel, request.seriesUid.empty() ? "STUDY" : "SERIES");
    putKey(keys, DCM_StudyInstanceUID, request.studyUid);
    if (!request.seriesUid.empty()) putKey(keys, DCM_SeriesInstanceUID, request.seriesUid);
    return keys;
}

// The end of a C-GET or C-MOVE exchange (`cond`): cancelled, failed, any instance not stored,
// or a final status other than success or warning are PacsError; else the files written.
std::vector<std::filesystem::path> finishRetrieve(ScuSession& session, const OFCondition& cond,
                                                  bool cancelled, const CacheWriter& writer,
                                                  Uint16 finalStatus, const std::string& operation,
                                                  const PacsNode& node) {
    if (cancelled) {
        throw PacsError(
            PacsError::Kind::Cancelled,
            "retrieve cancelled after " + std::to_string(writer.written().size()) + " instance(s)");
    }
    if (cond.bad()) session.fail(cond, operation);
    session.release();
    if (!writer.failures().empty()) {
        throw PacsError(PacsError::Kind::Refused, std::to_string(writer.failures().size()) +
                                                      " instance(s) from " + node.label() +
                                                      " not stored: " + writer.failures().front());
    }
    if (finalStatus != STATUS_Success && (finalStatus & 0xF000) != 0xB000) {
        throw PacsError(PacsError::Kind::Refused, operation + " refused by " + node.label() +
                                                      ": status " + hexStatus(finalStatus));
    }
    return writer.written();
}

// The C-MOVE requester: each response reports progress (instances the destination wrote, the
// peer's remaining count) and a raised cancel flag stops waiting for more.
class MoveScu : public DcmSCU {
  public:
    MoveScu(const MoveDestination& destination, const PacsClient::ProgressCallback& progress,
            const std::atomic<bool>* cancel)
        : destination_(destination), progress_(progress), cancel_(cancel) {}

    OFCondition handleMOVEResponse(const T_ASC_PresentationContextID presID,
                                   RetrieveResponse* response,
                                   OFBool& waitForNextResponse) override {
        const OFCondition cond = DcmSCU::handleMOVEResponse(presID, response, waitForNextResponse);
        if (response != nullptr) {
            if (progress_) {
                progress_({destination_.received(), response->m_numberOfRemainingSubops,
                           response->m_numberOfFailedSubops});
            }
            if (!waitForNextResponse) finalStatus = response->m_status;
        }
        if (cancel_ != nullptr && cancel_->load()) waitForNextResponse = OFFalse;
        return cond;
    }

    Uint16 finalStatus = 0xFFFF;

  private:
    const MoveDestination& destination_;
    const PacsClient::ProgressCallback& progress_;
    const std::atomic<bool>* cancel_;
};

// Frees DcmSCU's response lists, whatever happens to the caller.
template <typename Response>
struct ResponseList {
    OFList<Response*> items;
    ~ResponseList() {
        for (Response* r : items) delete r;
    }
};

// What a file to store says about itself (its meta header); empty problem when usable.
struct StoreCandidate {
    std::string sopClass;
    std::string sopInstance;
    std::string transferSyntax;
    std::string problem;
};

StoreCandidate inspect(const std::filesystem::path& file) {
    StoreCandidate c;
    DcmFileFormat fileFormat;
    const OFCondition cond = fileFormat.loadFile(file.c_str(), EXS_Unknown, EGL_noChange,
                                                 DCM_MaxReadLength, ERM_metaOnly);
    if (cond.bad()) {
        c.problem = std::string("cannot read: ") + cond.text();
        return c;
    }
    DcmMetaInfo& meta = *fileFormat.getMetaInfo();
    c.sopClass = stringOf(meta, DCM_MediaStorageSOPClassUID);
    c.sopInstance = stringOf(meta, DCM_MediaStorageSOPInstanceUID);
    c.transferSyntax = stringOf(meta, DCM_TransferSyntaxUID);
    if (c.sopClass.empty() || c.sopInstance.empty() || c.transferSyntax.empty()) {
        c.problem =
            "not a DICOM Part 10 file (no SOP class, instance or transfer syntax in "
            "its meta header)";
    }
    return c;
}

}  // namespace

PacsClient::PacsClient(PacsNode node) : node_(std::move(node)) { node_.validate(); }

void PacsClient::echo() const {
    ensureDcmtkReady();
    DcmSCU scu;
    ScuSession session(scu, node_);
    const OFCondition cond = scu.sendECHORequest(session.openFor(UID_VerificationSOPClass, "echo"));
    if (cond.bad()) session.fail(cond, "echo");
    session.release();
}

std::vector<PacsMatch> PacsClient::find(const PacsQuery& query) const {
    query.validate();
    ensureDcmtkReady();
    DcmSCU scu;
    ScuSession session(scu, node_);
    const T_ASC_PresentationContextID context =
        session.openFor(UID_FINDStudyRootQueryRetrieveInformationModel, "find");
    DcmDataset keys = findKeys(query);
    ResponseList<QRResponse> responses;
    const OFCondition cond = scu.sendFINDRequest(context, &keys, &responses.items);
    if (cond.bad()) session.fail(cond, "find");
    session.release();
    std::vector<PacsMatch> matches;
    for (QRResponse* r : responses.items) {
        if (DICOM_PENDING_STATUS(r->m_status) && r->m_dataset != nullptr) {
            matches.push_back(matchOf(*r->m_dataset, query.level));
        } else if (r->m_status != STATUS_Success && !DICOM_PENDING_STATUS(r->m_status)) {
            throw PacsError(PacsError::Kind::Refused, "find refused by " + node_.label() +
                                                          ": status " + hexStatus(r->m_status));
        }
    }
    return matches;
}

std::vector<std::filesystem::path> PacsClient::get(const RetrieveRequest& request,
                                                   const std::filesystem::path& cache,
                                                   const ProgressCallback& progress,
                                                   const std::atomic<bool>* cancel) const {
    validateRequest(request);
    ensureDcmtkReady();
    RetrieveScu scu(cache, progress, cancel);
    ScuSession session(scu, node_);
    // One context per compressed syntax, so that the peer can send each instance as it holds it.
    for (const char* sopClass : receivedStorageClasses()) {
        scu.addPresentationContext(sopClass, uncompressedSyntaxes(), ASC_SC_ROLE_SCP);
        for (const char* syntax : compressedTransferSyntaxes()) {
            OFList<OFString> one;
            one.push_back(syntax);
            scu.addPresentationContext(sopClass, one, ASC_SC_ROLE_SCP);
        }
    }
    const T_ASC_PresentationContextID context =
        session.openFor(UID_GETStudyRootQueryRetrieveInformationModel, "get");
    DcmDataset keys = retrieveKeys(request);
    ResponseList<RetrieveResponse> responses;
    const OFCondition cond = scu.sendCGETRequest(context, &keys, &responses.items);
    return finishRetrieve(session, cond, scu.cancelled() || (cancel != nullptr && cancel->load()),
                          scu.cacheWriter(), scu.finalStatus(), "get", node_);
}

std::vector<std::filesystem::path> PacsClient::move(const RetrieveRequest& request,
                                                    const std::filesystem::path& cache,
                                                    int localPort, const ProgressCallback& progress,
                                                    const std::atomic<bool>* cancel) const {
    validateRequest(request);
    if (localPort < 1 || localPort > 65535) {
        throw std::invalid_argument("local port " + std::to_string(localPort) +
                                    " is not in 1..65535");
    }
    ensureDcmtkReady();
    CacheWriter writer(cache);
    MoveDestination destination(node_, localPort, writer);
    destination.start();  // listening before the PACS is asked to connect
    MoveScu scu(destination, progress, cancel);
    ScuSession session(scu, node_);
    const T_ASC_PresentationContextID context =
        session.openFor(UID_MOVEStudyRootQueryRetrieveInformationModel, "move");
    DcmDataset keys = retrieveKeys(request);
    ResponseList<RetrieveResponse> responses;
    const OFCondition cond =
        scu.sendMOVERequest(context, node_.callingAe.c_str(), &keys, &responses.items);
    // The PACS answers last, after its sub-operations: the destination's work is done (or
    // abandoned) once the requester's exchange ends.
    destination.stop();
    return finishRetrieve(session, cond, cancel != nullptr && cancel->load(), writer,
                          scu.finalStatus, "move", node_);
}

std::vector<StoreOutcome> PacsClient::store(const std::vector<std::filesystem::path>& files) const {
    ensureDcmtkReady();
    std::vector<StoreOutcome> outcomes(files.size());
    std::vector<StoreCandidate> candidates;
    std::set<std::pair<std::string, std::string>> pairs;
    std::set<std::string> classes;
    for (std::size_t i = 0; i < files.size(); ++i) {
        outcomes[i].file = files[i];
        candidates.push_back(inspect(files[i]));
        const StoreCandidate& c = candidates.back();
        outcomes[i].sopInstanceUid = c.sopInstance;
        outcomes[i].message = c.problem;
        if (c.problem.empty()) {
            pairs.emplace(c.sopClass, c.transferSyntax);
            classes.insert(c.sopClass);
        }
    }
    if (pairs.empty()) return outcomes;
    if (pairs.size() + classes.size() > kMaxContexts) {
        throw std::invalid_argument(
            "the files need more than 128 presentation contexts (SOP "
            "class and transfer syntax pairs): store fewer at once");
    }
    DcmSCU scu;
    ScuSession session(scu, node_);
    for (const auto& [sopClass, syntax] : pairs) {
        OFList<OFString> one;
        one.push_back(syntax.c_str());
        scu.addPresentationContext(sopClass.c_str(), one);
    }
    // A fallback per SOP class: a peer that refuses a compressed syntax gets it decoded.
    for (const std::string& sopClass : classes) {
        scu.addPresentationContext(sopClass.c_str(), uncompressedSyntaxes());
    }
    session.open("store");
    for (std::size_t i = 0; i < files.size(); ++i) {
        const StoreCandidate& c = candidates[i];
        StoreOutcome& out = outcomes[i];
        if (!c.problem.empty()) continue;
        T_ASC_PresentationContextID context =
            scu.findPresentationContextID(c.sopClass.c_str(), c.transferSyntax.c_str());
        if (context == 0) {
            context =
                scu.findAnyPresentationContextID(c.sopClass.c_str(), c.transferSyntax.c_str());
        }
        if (context == 0) {
            out.message = "the peer accepts no presentation context for SOP class " +
                          processing::printableText(c.sopClass);
            continue;
        }
        Uint16 status = 0xFFFF;
        const OFCondition cond = scu.sendSTORERequest(context, files[i].c_str(), nullptr, status);
        if (cond.bad()) {
            if (!scu.isConnected()) session.fail(cond, "store");
            out.message = std::string("not sent: ") + processing::printableText(cond.text());
            continue;
        }
        out.status = status;
        out.ok = status == STATUS_Success || (status & 0xF000) == 0xB000;
        out.message =
            out.ok
                ? (status == STATUS_Success ? "stored" : "stored with warning " + hexStatus(status))
                : "refused: status " + hexStatus(status);
    }
    session.release();
    return outcomes;
}

}  // namespace xrayprep::pacs
