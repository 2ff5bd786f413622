#pragma once

#include <QPromise>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "exports/ExportWriter.h"
#include "processing/core/CancelToken.h"
#include "ui/data/DisplayedRun.h"

namespace xrayprep::ui {

// What File > Export writes, chosen in the export dialog.
struct ExportChoice {
    QString folder;
    std::vector<exports::ExportItem> items;
    exports::MeshOptions mesh;
    bool anonymize = false;  // the DICOM export
};

// One export of the shown result, as it goes to a worker.
struct ExportJob {
    ExportChoice choice;
    DisplayedRun run;          // shared, immutable stage outputs
    std::string source;        // the file's path, or "sample:planar" (or the image's label)
    bool fromFile = false;     // source names a file (its SHA-256 goes into the report)
    std::string sourceSha256;  // of the file as loaded
    std::vector<std::filesystem::path> protectedPaths;  // the input
    std::shared_ptr<processing::CancelToken> cancel;
};

struct ExportOutcome {
    QStringList files;  // written into the folder
    QString error;      // non-empty: nothing of this export is in the folder
    bool cancelled = false;
};

// Body of an export on a QtConcurrent worker: the files are written into a fresh folder beside
// them, then moved into the chosen folder, so a cancel or a failure leaves the folder as it was
// and a finished export leaves one consistent set (the report lists what it describes).
// Progress goes to the promise (value 0..total, text: the file being written). Never throws.
void exportTask(QPromise<ExportOutcome>& promise, const ExportJob& job);

// The pipeline result the exporters read, rebuilt from the shown stage outputs (copies).
[[nodiscard]] processing::PipelineResult resultOf(const DisplayedRun& run);

}  // namespace xrayprep::ui
