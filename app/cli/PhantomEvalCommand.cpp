// xrayprep-cli phantom-eval: the phantom yardstick of the segmentation (issue 11, 5b).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/cli/Commands.h"
#include "app/cli/JobPlan.h"
#include "app/cli/OptionDeclarations.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/PhantomEvalImages.h"
#include "app/cli/PhantomEvalMatrix.h"
#include "app/cli/PhantomEvalReport.h"
#include "app/cli/PhantomEvaluator.h"
#include "app/cli/PipelineSegmenter.h"
#include "app/cli/UsageError.h"
#include "gpu/BackendFactory.h"
#include "io/AtomicFile.h"
#include "io/PngWriter.h"
#include "processing/phantom/VariationCatalog.h"
#include "processing/pipeline/ParameterRegistry.h"

namespace xrayprep::app {

namespace fs = std::filesystem;

namespace {

constexpr const char* kAbout =
    R"(Generates phantoms in memory over a matrix of variations x seeds, runs the pipeline on each
(up to the mask stage) and measures the Dice of the bone mask against the truth and the pixels
of every non-anatomy object (marker, text, ball, ruler, arrow, platform, collimator) left in
the final image. A combination passes when every seed has Dice >= 0.92 and no leftover pixel.

The matrix (--list shows it): each view plain (planar, lateral, wb-lateral, ankle-ap,
oblique); every content variation alone on every view (platform: lateral only); ten realistic
mixtures (mix:...); 24 random mixtures of 2-4 variations drawn from a fixed seed
(mix:random-NN, the same on every machine); format extremes (format:...: 10 and 16 bits, 400
and 4000 px). The file-format axes
are drawn per seed, balanced: seed i uses combination (i-1) mod 8 of MONOCHROME1/2 x 8/12 bits
stored x pixel spacing present/absent, so 50 seeds see each of the eight at least 6 times. In
memory the pipeline gets the bone-bright stored values a reader hands over (MONOCHROME1 is
inverted on load), so the photometric changes only the file; --through-dicom (full builds)
writes and reads every phantom as a DICOM file.
)";

std::vector<std::string> splitList(const std::string& list) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        std::string item = list.substr(start, comma == std::string::npos ? comma : comma - start);
        if (!item.empty()) out.push_back(std::move(item));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

EvalSize parseSize(const std::string& text) {
    EvalSize size;
    try {
        const auto x = text.find('x');
        std::size_t used = 0;
        if (x == std::string::npos) {
            size.longSide = std::stoi(text, &used);
            if (used != text.size()) throw std::invalid_argument(text);
        } else {
            size.width = std::stoi(text.substr(0, x), &used);
            size.height = std::stoi(text.substr(x + 1));
            size.longSide = std::max(size.width, size.height);
        }
    } catch (const std::exception&) {
        throw UsageError("--size expects N or WxH, got '" + text + "'");
    }
    if (size.longSide < 128 || size.longSide > 16384 || (size.width && size.width < 128) ||
        (size.height && size.height < 128)) {
        throw UsageError("--size must be 128..16384 pixels per side, got '" + text + "'");
    }
    return size;
}

void writeText(const std::string& path, const std::string& text) {
    io::writeFileAtomically(path, text);
}

int writeContactSheet(const std::vector<EvalCombination>& rows, const EvalSize& size,
                      const std::string& file, bool outlines) {
    std::vector<std::pair<std::string, processing::Phantom>> phantoms;
    for (const EvalCombination& row : rows) {
        phantoms.emplace_back(row.name,
                              processing::FootPhantom{}(PhantomEvalMatrix::params(row, 0, size)));
        for (const auto& note : phantoms.back().second.notes) {
            std::fprintf(stderr, "%s: %s\n", row.name.c_str(), note.c_str());
        }
    }
    io::writePngRgb8(file, PhantomEvalImages::contactSheet(phantoms, 360, outlines));
    std::fprintf(stderr, "wrote %s (%zu phantoms)\n", file.c_str(), phantoms.size());
    return 0;
}

}  // namespace

void declarePhantomEvalCommand(CLI::App& cli) {
    CLI::App& eval =
        *cli.add_subcommand("phantom-eval",
                            "The phantom yardstick: Dice and leftover objects over a matrix of "
                            "variations x seeds");
    eval.footer(kAbout);
    valueOption(eval, "views", "LIST",
                "only rows of these views (planar,lateral,wb-lateral,ankle-ap,oblique)");
    valueOption(eval, "variations", "LIST|all",
                "only rows holding any of these variations (plain, mix, or names from "
                "--list-variations); default all");
    repeatableOption(eval, "combination", "V:A,B", "add a row: view V with variations A,B");
    integerOption(eval, "seeds", 1, 100000, "seeds per row (default 50)");
    valueOption(eval, "size", "N|WxH",
                "longer side with each view's natural aspect, or an exact size (default 1024)");
    choiceOption(eval, "backend", {"serial", "openmp", "cuda"}, "compute backend (default openmp)");
    integerOption(eval, "threads", 0, 1024, "threads in total (0: all cores)");
    integerOption(eval, "jobs", 1, 256, "runs at a time (default min(cores, 4); 1 on cuda)");
    repeatableOption(eval, "set", "STAGE.PARAM=V",
                     "a pipeline parameter (default parameters otherwise)");
    valueOption(eval, "json", "FILE", "every run as JSON");
    valueOption(eval, "markdown", "FILE", "one table line per row (for docs/QUALITY.md)");
    valueOption(eval, "save-worst", "DIR",
                "the worst seed of each row: image, truth, mask, overlay PNGs");
    valueOption(eval, "contact", "FILE.png",
                "no pipeline: one example (seed 1) of every selected row");
    flagOption(eval, "outlines", "with --contact: the truth (green) and objects (blue)");
    flagOption(eval, "through-dicom", "write and read each phantom as DICOM (full builds)");
    flagOption(eval, "list", "print the selected rows and exit");
    flagOption(eval, "list-variations", "print the variation names and exit");
}

int runPhantomEvalCommand(const ParsedArguments& args) {
    if (args.flag("list-variations")) {
        for (const auto& v : processing::VariationCatalog::all()) {
            std::printf("%-18s %s%s\n", std::string(v.name).c_str(),
                        std::string(v.description).c_str(), v.format ? " (format)" : "");
        }
        return 0;
    }
    std::vector<EvalCombination> rows;
    try {
        rows = PhantomEvalMatrix::select(PhantomEvalMatrix::full(),
                                         splitList(args.value("views").value_or("")),
                                         splitList(args.value("variations").value_or("all")));
        for (const auto& extra : args.values("combination")) {
            rows.push_back(PhantomEvalMatrix::parse(extra));
        }
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (args.value("combination") && !args.value("variations") && !args.value("views")) {
        // Only the given rows when nothing else was asked for.
        rows.erase(rows.begin(),
                   rows.end() - static_cast<std::ptrdiff_t>(args.values("combination").size()));
    }
    if (rows.empty()) throw UsageError("no combination selected");
    const EvalSize size = parseSize(args.value("size").value_or("1024"));
    if (args.flag("list")) {
        for (const auto& r : rows) std::printf("%s\n", r.name.c_str());
        return 0;
    }
    if (const auto contact = args.value("contact")) {
        return writeContactSheet(rows, size, *contact, args.flag("outlines"));
    }

    const int seeds = args.intValue("seeds", 50);
    const auto backendName = args.value("backend").value_or("openmp");
    const auto kind = gpu::backendFromString(backendName);
    if (!kind) throw UsageError("unknown backend '" + backendName + "' (serial, openmp, cuda)");
    processing::PipelineParameters params;
    std::string paramText;
    try {
        for (const auto& assignment : args.values("set")) {
            processing::setParameterFromText(params, assignment);
            paramText += (paramText.empty() ? "" : " ") + assignment;
        }
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    const JobPlan plan = planJobs(*kind, args.intValue("jobs", 0), args.intValue("threads", 0),
                                  rows.size() * static_cast<std::size_t>(seeds), usableCores());
    std::vector<std::shared_ptr<processing::ComputeBackend>> backends;
    try {
        backends.push_back(gpu::makeBackend(*kind, plan.threadsPerJob));
        for (int j = 1; j < plan.jobs; ++j) {
            backends.push_back(plan.sharedDevice ? backends.front()
                                                 : gpu::makeBackend(*kind, plan.threadsPerJob));
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
        return 1;
    }
    fs::path dicomFolder;
    if (args.flag("through-dicom")) {
        dicomFolder =
            fs::temp_directory_path() / ("xrayprep-phantom-eval-" + std::to_string(::getpid()));
        fs::create_directories(dicomFolder);
    }
    auto segmenter =
        std::make_shared<PipelineSegmenter>(backends, params, plan.sharedDevice, dicomFolder);
    const PhantomEvaluator evaluator(
        [segmenter](const processing::Phantom& ph, int worker) { return (*segmenter)(ph, worker); },
        plan.jobs, std::max(1, plan.threadsPerJob));

    std::fprintf(stderr, "phantom-eval: %zu combinations x %d seeds on %s, %d jobs x %d threads\n",
                 rows.size(), seeds, backends.front()->description().c_str(), plan.jobs,
                 plan.threadsPerJob);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<CombinationSummary> results =
        evaluator.run(rows, seeds, size, [](const CombinationSummary& r) {
            std::fprintf(stderr, "%s\n", PhantomEvalReport::line(r).c_str());
        });
    PhantomEvalSettings settings;
    settings.backend = backends.front()->description();
    settings.parameters = paramText.empty() ? "defaults" : paramText;
    settings.seeds = seeds;
    settings.jobs = plan.jobs;
    settings.threadsPerJob = plan.threadsPerJob;
    settings.size = size.width > 0 ? std::to_string(size.width) + "x" + std::to_string(size.height)
                                   : std::to_string(size.longSide) + " px long side";
    settings.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!dicomFolder.empty()) fs::remove_all(dicomFolder);

    if (const auto dir = args.value("save-worst")) {
        for (const CombinationSummary& r : results) {
            if (r.worst < 0) continue;
            const int seedIndex = r.runs[static_cast<std::size_t>(r.worst)].seedIndex;
            const processing::Phantom ph = processing::FootPhantom{}(
                PhantomEvalMatrix::params(r.combination, seedIndex, size));
            const PhantomSegmentation s = (*segmenter)(ph, 0);
            PhantomEvalImages::writeWorstCase(
                *dir, r.combination.name + "-seed" + std::to_string(seedIndex + 1), ph, s.mask,
                s.final);
        }
    }
    if (const auto json = args.value("json")) {
        writeText(*json, processing::dumpJson(PhantomEvalReport::json(results, settings)) + "\n");
    }
    if (const auto md = args.value("markdown"))
        writeText(*md, PhantomEvalReport::markdown(results, settings));
    int passed = 0;
    for (const auto& r : results) passed += r.pass ? 1 : 0;
    std::fprintf(stderr, "%d of %zu combinations pass (%.1f min)\n", passed, results.size(),
                 settings.wallSeconds / 60.0);
    return passed == static_cast<int>(results.size()) ? 0 : 1;
}

}  // namespace xrayprep::app
