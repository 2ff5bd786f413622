#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmnet/scp.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

#include "pacs/CacheWriter.h"
#include "pacs/PacsNode.h"

namespace xrayprep::pacs {

// The storage SCP that receives a C-MOVE's sub-operations: the PACS opens its own association
// to us (our AE title at `port`, as the PACS has it configured) and sends C-STOREs, which go
// into the cache through CacheWriter. Only the node's AE title may call. start() opens the
// port (so the C-MOVE can be sent right after) and accepts associations on a thread, polling
// a stop flag every second (non-blocking accept), so stop() always returns within about a
// second after the current association. Internal to the pacs module.
class MoveDestination : public DcmSCP {
  public:
    MoveDestination(const PacsNode& node, int port, CacheWriter& cache);
    ~MoveDestination() override;
    MoveDestination(const MoveDestination&) = delete;
    MoveDestination& operator=(const MoveDestination&) = delete;

    // Throws PacsError when the port cannot be opened (in use, not allowed).
    void start();
    // Ends accepting after the association in progress; joins the thread.
    void stop();
    // Instances received so far (a progress count; safe from any thread).
    [[nodiscard]] int received() const { return received_.load(); }

  protected:
    OFCondition handleIncomingCommand(T_DIMSE_Message* incomingMsg,
                                      const DcmPresentationContextInfo& presInfo) override;
    OFBool checkCallingAETitleAccepted(const OFString& callingAE) override;
    OFBool checkCalledAETitleAccepted(const OFString& calledAE) override;
    OFBool stopAfterConnectionTimeout() override { return stop_.load(); }
    OFBool stopAfterCurrentAssociation() override { return stop_.load(); }

  private:
    PacsNode node_;
    int port_;
    CacheWriter& cache_;
    std::atomic<bool> stop_{false};
    std::atomic<int> received_{0};
    std::thread thread_;
};

}  // namespace xrayprep::pacs
