#pragma once

#include <map>
#include <mutex>
#include <string>

class DcmDataset;

namespace xrayprep::dicom {

// Replaces UIDs consistently: the same original UID always gets the same new one from one
// mapper (so derived files of one study keep sharing a Study Instance UID), and the new UIDs
// are freshly generated, so they cannot be traced back to the originals. Thread-safe.
class UidMapper {
  public:
    [[nodiscard]] std::string map(const std::string& original);

  private:
    std::mutex mutex_;
    std::map<std::string, std::string> replaced_;
};

// The DICOM Basic Application Level Confidentiality Profile (PS3.15 Annex E, table E.1-1)
// for the attributes a dataset holds: identifying attributes are removed (X) or emptied /
// given a dummy value (Z: PatientName and PatientID become "ANONYMOUS"), dates and times of
// the study and series emptied or removed, UIDs of the study, frame of reference and
// referenced instances (in sequence items at any depth: the instance, series and study UIDs of
// a reference) replaced through the UidMapper (U), private tags removed; then
// PatientIdentityRemoved = YES, DeidentificationMethod and its code sequence (DCM 113100)
// are set. Attributes the profile keeps (modality, body part, view, pixel data) stay.
class Deidentifier {
  public:
    explicit Deidentifier(UidMapper& uids) : uids_(uids) {}
    void operator()(DcmDataset& dataset) const;

    static constexpr const char* kMethod =
        "xrayprep: DICOM PS3.15 Annex E Basic Application Level Confidentiality Profile";

  private:
    UidMapper& uids_;
};

}  // namespace xrayprep::dicom
