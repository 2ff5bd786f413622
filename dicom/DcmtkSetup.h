#pragma once

namespace xrayprep::dicom {

// One-time DCMTK set-up shared by reader and writer: registers the JPEG, JPEG-LS and RLE
// decoders (without them compressed files fail with a misleading "Missing attribute"), and
// silences DCMTK's own logging below fatal (the reader reports problems itself, as
// warnings in the metadata or as DicomError carrying DCMTK's error text). Thread-safe; cheap after
// the first call. Throws std::runtime_error when DCMTK's data dictionary is not loaded.
class DcmtkSetup {
  public:
    static void ensure();
};

}  // namespace xrayprep::dicom
