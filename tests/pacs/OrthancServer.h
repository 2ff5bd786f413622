#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>

#include "tests/support/TempDir.h"

namespace xrayprep::test_support {

// Orthanc's executable, where the Debian package `orthanc` installs it.
inline constexpr const char* kOrthancPath = "/usr/sbin/Orthanc";

// A private Orthanc for a test: its own configuration, storage and index in a temporary folder,
// DICOM and HTTP on free ports, plugins off. Only our AE (kOurAe from 127.0.0.1) is served:
// DicomCheckCalledAet, DicomCheckModalityHost, and echo/store not allowed to unknown peers
// (Orthanc 1.10 has no option to listen on loopback only; RemoteAccessAllowed false refuses
// other hosts' HTTP requests). start() waits (at most 20 s) until the REST API answers; the
// destructor stops the process (SIGTERM, then SIGKILL after 5 s) and removes the folder.
class OrthancServer {
  public:
    static constexpr const char* kAet = "ORTHANC";
    static constexpr const char* kOurAe = "XRAYPREP";

    OrthancServer();
    ~OrthancServer();
    OrthancServer(const OrthancServer&) = delete;
    OrthancServer& operator=(const OrthancServer&) = delete;

    // Throws std::runtime_error (with the end of Orthanc's log) when it does not come up.
    void start();

    [[nodiscard]] int dicomPort() const { return dicomPort_; }
    [[nodiscard]] int httpPort() const { return httpPort_; }
    // The port Orthanc has for our AE (its DicomModalities entry): where a C-MOVE to us goes.
    [[nodiscard]] int ourPort() const { return ourPort_; }
    [[nodiscard]] std::string log() const;

  private:
    void stop();

    TempDir folder_{"xrayprep-orthanc"};
    int dicomPort_ = 0;
    int httpPort_ = 0;
    int ourPort_ = 0;
    pid_t pid_ = -1;
};

}  // namespace xrayprep::test_support
