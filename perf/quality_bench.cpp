// The mask quality checks (MaskQuality, as the pipeline's mask stage calls them): the median
// of the repetitions per input and thread count, the thread counts interleaved in one process,
// and a check that 2, 3 and 8 threads give the report of one thread (every value, flag, message
// and tolerance; exit code 1 if not). Waiting threads sleep, as in the programs
// (OMP_WAIT_POLICY=passive unless set). The before/after figures in docs/PERFORMANCE.md were
// taken with a copy of the replaced code (as of f526c5e) linked in beside the new one; it is
// not kept here.
//
// Inputs: the sample phantom (sample:planar) at 2920 x 2320 and at 1760 x 1760, run through
// the serial pipeline for a real contour mask, anatomy, median and radiograph; with --mask
// PNG, a mask exported by `xrayprep-cli run --export mask.png` (e.g. RG3, 1760 x 1760),
// checked alone (no images, so no textured-gap or contrast; the whole image as anatomy);
// with --specks, a mask of random specks (the worst case of the run-based measures).
//
// usage: perf_quality [--reps N] [--threads 1,2,...] [--mask FILE.png] [--specks] [--parts]
//                     [--loop N THREADS]
// --parts: where the new code's time goes; --loop: only the new checks, N times per input with
// THREADS threads, nothing printed (for a profiler).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "app/common/PassiveThreadWait.h"
#include "io/PngReader.h"
#include "perf/PerfTiming.h"
#include "processing/contour/BurnedInAnnotation.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "processing/quality/EdgeContrast.h"
#include "processing/quality/MaskMeasures.h"
#include "processing/quality/MaskQuality.h"
#include "processing/quality/TexturedGap.h"

namespace xp = xrayprep::processing;

namespace {

// One call of the checks as the pipeline makes it.
struct QualityInput {
    std::string label;
    xp::Mask mask;
    xp::Mask anatomy;
    int width = 0;
    int height = 0;
    std::optional<xp::PixelSpacing> spacing;
    xp::Image median;      // empty: checked without images
    xp::Image radiograph;  // empty: checked without images
    double mmPerPixel = 0.0;
    int codingErrorBound = 0;
};

QualityInput fromPipeline(int width, int height) {
    xp::PhantomParams pp;
    pp.width = width;
    pp.height = height;
    xp::Phantom phantom = xp::FootPhantom{}(pp);
    xp::Pipeline pipeline(std::make_shared<xp::CpuBackend>(xp::BackendKind::Serial, 1));
    pipeline.setInput(phantom.image, phantom.metadata.spacing, {},
                      phantom.metadata.codingErrorBound);
    const xp::PipelineResult& r = pipeline.run(xp::PipelineParameters{});
    QualityInput in;
    in.label = "sample " + std::to_string(width) + "x" + std::to_string(height);
    in.mask = r.contour.mask;
    in.anatomy = r.contour.anatomy;
    in.width = width;
    in.height = height;
    in.spacing = phantom.metadata.spacing;
    in.median = r.median;
    // What the pipeline hands the checks as the radiograph: the input with its burned-in
    // annotation painted over.
    in.radiograph = r.annotation.empty()
                        ? phantom.image
                        : xp::BurnedInAnnotation{}.paintedOver(phantom.image, r.annotation);
    in.mmPerPixel = r.scale.mmPerPixel;
    in.codingErrorBound = phantom.metadata.codingErrorBound;
    return in;
}

QualityInput fromPng(const std::string& path) {
    const auto png = xrayprep::io::readPng(path);
    QualityInput in;
    in.label =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1) +
        " (mask only)";
    in.width = png.samples.width();
    in.height = png.samples.height();
    in.mask = xp::Mask(in.width, in.height);
    for (std::size_t i = 0; i < in.mask.size(); ++i) in.mask.data()[i] = png.samples.data()[i] != 0;
    in.anatomy = xp::Mask(in.width, in.height, 1);
    return in;
}

QualityInput specks() {
    QualityInput in;
    in.label = "specks 2920x2320 (mask only)";
    in.width = 2920;
    in.height = 2320;
    in.mask = xp::Mask(in.width, in.height);
    std::mt19937 rng(3);
    std::bernoulli_distribution set(0.1);
    for (auto& v : in.mask.pixels()) v = set(rng) ? 1 : 0;
    in.anatomy = xp::Mask(in.width, in.height, 1);
    return in;
}

xp::QualityReport checkNew(const QualityInput& in, int threads) {
    const bool images = !in.median.empty();
    return xp::MaskQuality{}(in.mask, in.anatomy, in.width, in.height, in.spacing, {},
                             images ? &in.median : nullptr, images ? &in.radiograph : nullptr,
                             in.mmPerPixel, in.codingErrorBound, xp::ExecutionPolicy{threads});
}

bool sameReports(const QualityInput& in) {
    const xp::QualityReport reference = checkNew(in, 1);
    bool same = true;
    for (const int threads : {2, 3, 8}) {
        if (checkNew(in, threads) != reference) {
            std::printf("  %s: the report with %d threads differs from one thread's\n",
                        in.label.c_str(), threads);
            same = false;
        }
    }
    return same;
}

// Where the time goes in the new code, per thread count: reading both rasters as runs, the
// measures on the runs (the straight-edge search among them), the textured-gap measure and
// the edge contrast (which the checks compute only for a long straight edge).
void printParts(const QualityInput& in, int reps, const std::vector<int>& threadCounts) {
    for (const int threads : threadCounts) {
        const xp::ExecutionPolicy policy{threads};
        const xp::MaskRuns maskRuns(in.mask, in.width, in.height, policy);
        const xp::MaskRuns anatomyRuns(in.anatomy, in.width, in.height, policy);
        const xp::MaskMeasures m = xp::measureMask(maskRuns, anatomyRuns, in.spacing, {}, policy);
        xrayprep::perf::RunTimes runs, measures, straight, gap, cells, contrast;
        for (int r = 0; r < reps; ++r) {
            runs.time([&] {
                (void)xp::MaskRuns(in.mask, in.width, in.height, policy);
                (void)xp::MaskRuns(in.anatomy, in.width, in.height, policy);
            });
            measures.time(
                [&] { (void)xp::measureMask(maskRuns, anatomyRuns, in.spacing, {}, policy); });
            straight.time(
                [&] { (void)xp::StraightEdgeFinder{}(maskRuns, m.straightLimits, policy); });
            if (!in.median.empty()) {
                gap.time([&] {
                    (void)xp::TexturedGap{}(in.radiograph, in.median, maskRuns, anatomyRuns,
                                            in.mmPerPixel, xp::TexturedGapSettings{}, 0.9, policy);
                });
                cells.time([&] {
                    (void)xp::textureCells(in.radiograph, in.median, maskRuns, anatomyRuns,
                                           in.mmPerPixel, 0.9, policy);
                });
                contrast.time([&] {
                    (void)xp::straightEdgeContrast(m.straight, in.median, &anatomyRuns, 9, policy);
                });
            }
        }
        std::printf("  parts, %d thread(s): runs %.2f, measures on runs %.2f (straight edge %.2f)",
                    threads, runs.median(), measures.median(), straight.median());
        if (!in.median.empty()) {
            std::printf(", textured gap %.2f (its cells %.2f), contrast %.2f", gap.median(),
                        cells.median(), contrast.median());
        }
        std::printf("\n");
    }
}

std::vector<int> parseThreads(const char* text) {
    std::vector<int> out;
    std::stringstream list(text);
    std::string item;
    while (std::getline(list, item, ',')) out.push_back(std::max(1, std::atoi(item.c_str())));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    xrayprep::app::ensurePassiveThreadWait(argv);
    int reps = 15;
    std::vector<int> threadCounts = {1, 2};
    std::vector<std::string> pngs;
    bool withSpecks = false, parts = false;
    int loop = 0, loopThreads = 1;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threadCounts = parseThreads(argv[++i]);
        } else if (std::strcmp(argv[i], "--mask") == 0 && i + 1 < argc) {
            pngs.emplace_back(argv[++i]);
        } else if (std::strcmp(argv[i], "--specks") == 0) {
            withSpecks = true;
        } else if (std::strcmp(argv[i], "--parts") == 0) {
            parts = true;
        } else if (std::strcmp(argv[i], "--loop") == 0 && i + 2 < argc) {
            loop = std::max(1, std::atoi(argv[++i]));
            loopThreads = std::max(1, std::atoi(argv[++i]));
        } else {
            std::fprintf(stderr,
                         "usage: perf_quality [--reps N] [--threads 1,2,...] [--mask FILE.png] "
                         "[--specks] [--parts] [--loop N THREADS]\n");
            return 2;
        }
    }
    std::vector<QualityInput> inputs;
    inputs.push_back(fromPipeline(2920, 2320));
    inputs.push_back(fromPipeline(1760, 1760));
    for (const std::string& p : pngs) inputs.push_back(fromPng(p));
    if (withSpecks) inputs.push_back(specks());

    if (loop > 0) {
        // For a profiler: only the new checks, `loop` times per input.
        for (const QualityInput& in : inputs) {
            for (int r = 0; r < loop; ++r) (void)checkNew(in, loopThreads);
        }
        return 0;
    }
    bool allSame = true;
    std::printf("MaskQuality, median of %d runs (ms)\n", reps);
    std::printf("%-34s %7s %10s\n", "input", "threads", "ms");
    for (const QualityInput& in : inputs) {
        allSame = sameReports(in) && allSame;
        std::vector<xrayprep::perf::RunTimes> times(threadCounts.size());
        for (int r = 0; r < reps; ++r) {
            for (std::size_t t = 0; t < threadCounts.size(); ++t) {
                const int threads = threadCounts[t];
                times[t].time([&] { (void)checkNew(in, threads); });
            }
        }
        for (std::size_t t = 0; t < threadCounts.size(); ++t) {
            std::printf("%-34s %7d %10.2f\n", in.label.c_str(), threadCounts[t], times[t].median());
        }
        if (parts) printParts(in, reps, threadCounts);
    }
    std::printf("reports %s\n",
                allSame ? "the same for 1, 2, 3 and 8 threads" : "DIFFER (see above)");
    return allSame ? 0 : 1;
}
