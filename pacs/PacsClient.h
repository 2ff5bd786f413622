#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pacs/PacsMatch.h"
#include "pacs/PacsNode.h"
#include "pacs/PacsQuery.h"

namespace xrayprep::pacs {

// How far a retrieve has come: instances written and failed, and the peer's count of
// sub-operations remaining from its last C-GET response (0 until it says otherwise).
struct RetrieveProgress {
    int received = 0;
    int remaining = 0;
    int failed = 0;
};

// What to retrieve: a study, or one series of it.
struct RetrieveRequest {
    std::string studyUid;
    std::string seriesUid;  // empty: the whole study
};

// The outcome of one file of a C-STORE batch. status is the peer's DIMSE status (0 success,
// 0xBxxx warning, others failure); a file that could not be read or sent has ok == false and
// a message, and status 0xFFFF when no response came.
struct StoreOutcome {
    std::filesystem::path file;
    std::string sopInstanceUid;
    std::uint16_t status = 0xFFFF;
    bool ok = false;
    std::string message;
};

// A client of one DICOM node (SCU). Each call opens its own association and closes it before
// returning; failures are PacsError (node named, cause in words), bad arguments
// std::invalid_argument. Every wait is bounded by the node's timeouts.
class PacsClient {
  public:
    using ProgressCallback = std::function<void(const RetrieveProgress&)>;

    explicit PacsClient(PacsNode node);

    // C-ECHO (Verification).
    void echo() const;
    // C-FIND, Study Root; the answers in the order the peer sent them.
    [[nodiscard]] std::vector<PacsMatch> find(const PacsQuery& query) const;
    // C-GET, Study Root, into cache/<StudyUID>/<SeriesUID>/<SOPInstanceUID>.dcm (each file
    // written atomically); the files written, in arrival order. `progress` is called after each
    // instance and C-GET response; raising `cancel` ends the retrieve (PacsError Cancelled,
    // files received so far kept). Throws PacsError when any instance failed.
    std::vector<std::filesystem::path> get(const RetrieveRequest& request,
                                           const std::filesystem::path& cache,
                                           const ProgressCallback& progress = {},
                                           const std::atomic<bool>* cancel = nullptr) const;
    // C-MOVE, Study Root, to ourselves: the node sends the instances on its own association to
    // our AE title (node().callingAe, which the PACS must know with this host and
    // `localPort`); a storage SCP listening on `localPort` meanwhile writes them into the cache
    // as get() does. The files written; PacsError when any instance failed or was refused.
    std::vector<std::filesystem::path> move(const RetrieveRequest& request,
                                            const std::filesystem::path& cache, int localPort,
                                            const ProgressCallback& progress = {},
                                            const std::atomic<bool>* cancel = nullptr) const;
    // C-STORE of each file on one association; one outcome per file, in order. Throws
    // PacsError only when the association fails (unreachable, rejected, aborted).
    [[nodiscard]] std::vector<StoreOutcome> store(
        const std::vector<std::filesystem::path>& files) const;

    [[nodiscard]] const PacsNode& node() const { return node_; }

  private:
    PacsNode node_;
};

}  // namespace xrayprep::pacs
