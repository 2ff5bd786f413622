#include "ui/model/ResultExport.h"

#include <random>
#include <system_error>

#include "ui/data/WorkerPriority.h"

namespace xrayprep::ui {

namespace fs = std::filesystem;

processing::PipelineResult resultOf(const DisplayedRun& run) {
    processing::PipelineResult r;
    if (run.median) r.median = *run.median;
    if (run.histogram) r.histogram = *run.histogram;
    if (run.threshold) r.threshold = *run.threshold;
    if (run.thresholded) r.thresholded = *run.thresholded;
    if (run.sobel) r.sobel = *run.sobel;
    if (run.contour) r.contour = *run.contour;
    if (run.final) r.final = *run.final;
    if (run.quality) r.quality = *run.quality;
    if (run.esf) r.esf = *run.esf;
    r.milliseconds = run.timing.wallMs;
    r.deviceTimes = run.timing.device;
    r.parameters = run.parameters;
    r.backend = run.timing.backendDescription;
    r.runMilliseconds = run.timing.totalWallMs();
    if (run.original) {
        const auto& spacing = run.metadata ? run.metadata->spacing : std::nullopt;
        const std::optional<double> mm =
            spacing ? std::optional<double>(0.5 * (spacing->x + spacing->y)) : std::nullopt;
        r.scale = processing::pixelScaleOf(run.original->width(), run.original->height(), mm,
                                           run.parameters.scale);
        r.medianSize = processing::resolvedMedianSize(run.parameters.median, r.scale.mmPerPixel);
    }
    return r;
}

namespace {

// A new folder inside `parent` for the files until they are complete.
fs::path stagingFolder(const fs::path& parent) {
    std::random_device random;
    for (int attempt = 0; attempt < 16; ++attempt) {
        const fs::path candidate =
            parent / (".xrayprep-export-" + std::to_string(random()) + std::to_string(random()));
        std::error_code ec;
        if (fs::create_directory(candidate, ec)) return candidate;
        if (ec)
            throw std::runtime_error(parent.string() + ": cannot write here (" + ec.message() +
                                     ")");
    }
    throw std::runtime_error(parent.string() + ": cannot make a temporary folder");
}

}  // namespace

void exportTask(QPromise<ExportOutcome>& promise, const ExportJob& job) {
    lowerWorkerThreadPriority();
    ExportOutcome outcome;
    const fs::path folder(job.choice.folder.toStdU16String());
    fs::path staging;
    try {
        std::error_code ec;
        fs::create_directories(folder, ec);
        if (!fs::is_directory(folder)) {
            throw std::runtime_error(folder.string() + ": cannot make this folder" +
                                     (ec ? " (" + ec.message() + ")" : std::string()));
        }
        staging = stagingFolder(folder);
        const DisplayedRun& run = job.run;
        if (!run.original || !run.metadata || !run.esf) {
            throw std::runtime_error("the run has not finished: nothing to export yet");
        }
        const processing::PipelineResult result = resultOf(run);
        const exports::ExportSource source{job.source, !job.fromFile, *run.original, *run.metadata,
                                           job.sourceSha256};
        exports::ExportWriter writer(job.choice.items, job.protectedPaths, job.choice.mesh,
                                     job.choice.anonymize);
        const auto progress = [&](std::size_t done, std::size_t total, const std::string& next) {
            if (promise.isCanceled()) job.cancel->cancel();
            promise.setProgressRange(0, static_cast<int>(total));
            promise.setProgressValueAndText(static_cast<int>(done), QString::fromStdString(next));
        };
        processing::Json summary = processing::Json::object();
        const std::vector<std::string> names = writer(staging, source, result, result.backend, {},
                                                      summary, progress, job.cancel.get());
        if (promise.isCanceled() || job.cancel->cancelled()) throw processing::Cancelled();
        // Into the folder, each by a rename (atomic per file), the report last.
        for (const std::string& name : names) {
            if (name == "report.json") continue;
            fs::rename(staging / name, folder / name);
        }
        for (const std::string& name : names) {
            if (name == "report.json") fs::rename(staging / name, folder / name);
            outcome.files.append(QString::fromStdString(name));
        }
    } catch (const processing::Cancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& e) {
        outcome.error = QString::fromUtf8(e.what());
    }
    if (!staging.empty()) {
        std::error_code ec;
        fs::remove_all(staging, ec);
    }
    promise.addResult(outcome);
}

}  // namespace xrayprep::ui
