#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "exports/ExportList.h"
#include "exports/MeshOptions.h"
#include "processing/core/CancelToken.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/util/Json.h"

namespace xrayprep::dicom {
class UidMapper;
}

namespace xrayprep::exports {

// The input the outputs were made from.
struct ExportSource {
    std::string label;  // the file's path, or the sample's name ("sample:planar")
    bool sample = false;
    const processing::Image& image;
    const processing::ImageMetadata& metadata;
    // The file's SHA-256 for the report, when already known (else read from `label`).
    std::string sha256;
};

// Told before each file: how many are done, how many in all, the next one's name.
using ExportProgress =
    std::function<void(std::size_t done, std::size_t total, const std::string& next)>;

// Writes the outputs `run --export` (or the application's export dialog) asked for into one
// input's folder, each atomically and never over an input file. The mesh is built
// (processing::MeshBuilder) only when a mesh format is asked for; the report, when asked for, is
// written last and lists the others.
class ExportWriter {
  public:
    ExportWriter(std::vector<ExportItem> items, std::vector<std::filesystem::path> protectedInputs,
                 MeshOptions mesh, bool anonymize);
    ~ExportWriter();
    ExportWriter(const ExportWriter&) = delete;
    ExportWriter& operator=(const ExportWriter&) = delete;

    // `alreadyWritten`: names the stage writer wrote (final.png, mask.png), not written again.
    // Returns the names written; `summary` gets facts for the run report (e.g. mesh counts) and,
    // under "warnings" (strings), the outputs left out and why (seg.dcm of a non-DICOM input).
    // `cancel` is checked before each file (processing::Cancelled): the files written so far
    // stay, each complete.
    std::vector<std::string> operator()(
        const std::filesystem::path& folder, const ExportSource& input,
        const processing::PipelineResult& result, const std::string& backendDescription,
        const std::vector<std::string>& alreadyWritten, processing::Json& summary,
        const ExportProgress& progress = {}, const processing::CancelToken* cancel = nullptr) const;
    [[nodiscard]] const std::vector<ExportItem>& items() const { return items_; }

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

}  // namespace xrayprep::exports
