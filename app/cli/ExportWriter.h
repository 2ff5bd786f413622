#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/ExportList.h"
#include "app/cli/InputSource.h"
#include "app/cli/MeshOptions.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/util/Json.h"

namespace xrayprep::dicom {
class UidMapper;
}

namespace xrayprep::app {

// Writes the outputs `run --export` asked for into one input's folder, each atomically and
// never over an input file. The mesh is built (processing::MeshBuilder) only when a mesh
// format is asked for; the report, when asked for, is written last and lists the others.
class ExportWriter {
  public:
    ExportWriter(std::vector<ExportItem> items, std::vector<std::filesystem::path> protectedInputs,
                 MeshOptions mesh, bool anonymize);
    ~ExportWriter();
    ExportWriter(const ExportWriter&) = delete;
    ExportWriter& operator=(const ExportWriter&) = delete;

    // `alreadyWritten`: names the stage writer wrote (final.png, mask.png), not written again.
    // Returns the names written; `summary` gets facts for the run report (e.g. mesh counts).
    std::vector<std::string> operator()(const std::filesystem::path& folder,
                                        const LoadedInput& input,
                                        const processing::PipelineResult& result,
                                        const std::string& backendDescription,
                                        const std::vector<std::string>& alreadyWritten,
                                        processing::Json& summary) const;

    [[nodiscard]] bool empty() const { return items_.empty(); }
    // The DerivationDescription of the DICOM export, e.g. "xrayprep bone mask: median 19,
    // valley threshold 1234, chan-vese".
    [[nodiscard]] static std::string derivationDescription(const processing::PipelineResult& r);

  private:
    std::vector<ExportItem> items_;
    std::vector<std::filesystem::path> protected_;
    MeshOptions mesh_;
    bool anonymize_;
    std::unique_ptr<dicom::UidMapper> uids_;  // one for the run: a study keeps one new UID
};

}  // namespace xrayprep::app
