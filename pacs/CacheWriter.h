#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdatset.h>

#include <filesystem>
#include <string>
#include <vector>

namespace xrayprep::pacs {

// Where retrieved instances go, for C-GET (RetrieveScu) and C-MOVE (MoveDestination) alike:
// <cache>/<StudyUID>/<SeriesUID>/<SOPInstanceUID>.dcm, in the transfer syntax the instance came
// in, written whole through io::writeFileAtomically (never a partial file). An instance whose
// UIDs are not DICOM UIDs (they become path components) is refused. Not thread-safe: one
// receiving thread writes; read the lists once it is done.
class CacheWriter {
  public:
    explicit CacheWriter(std::filesystem::path cache) : cache_(std::move(cache)) {}

    // The C-STORE status to answer: 0 when written, a failure status (recorded) otherwise.
    Uint16 store(DcmDataset& dataset);

    [[nodiscard]] const std::vector<std::filesystem::path>& written() const { return written_; }
    [[nodiscard]] const std::vector<std::string>& failures() const { return failures_; }

  private:
    std::filesystem::path cache_;
    std::vector<std::filesystem::path> written_;
    std::vector<std::string> failures_;
};

}  // namespace xrayprep::pacs
