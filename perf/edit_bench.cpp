// What a parameter edit costs on one backend, without the GUI: the pipeline run that an edit of
// the contour's minimum piece area starts (contour, mask and ESF stages), repeated, with the
// first run's images kept as the application keeps them. Prints the medians of the run's wall
// time, the contour stage's wall time and the run's upload time on the device (device
// backends), then the mask and ESF stages and the run's time outside its stages, so that a backend
// that uploads what it already holds shows it. Uses the pipeline's public interface only (any
// revision builds it, for side-by-side runs).
//
// usage: perf_edit --backend serial|openmp|cuda [--edits N] [FILE.pgm]   (default: a smooth
// 2920 x 2320 12-bit test image)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gpu/BackendFactory.h"
#include "io/PgmReader.h"
#include "perf/PerfImages.h"
#include "processing/pipeline/Pipeline.h"

namespace xp = xrayprep::processing;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
    std::string backendName = "cuda";
    std::string file;
    int edits = 9;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--backend" && i + 1 < argc) {
            backendName = argv[++i];
        } else if (a == "--edits" && i + 1 < argc) {
            edits = std::max(1, std::atoi(argv[++i]));
        } else if (!a.empty() && a[0] != '-') {
            file = a;
        } else {
            std::fprintf(stderr, "usage: perf_edit --backend KIND [--edits N] [FILE.pgm]\n");
            return 2;
        }
    }
    const auto kind = xrayprep::gpu::backendFromString(backendName);
    if (!kind) {
        std::fprintf(stderr, "perf_edit: unknown backend %s\n", backendName.c_str());
        return 2;
    }
    try {
        xp::Pipeline pipeline(xrayprep::gpu::makeBackend(*kind));
        pipeline.setInput(file.empty() ? xrayprep::perf::smoothImage()
                                       : xrayprep::io::readPgm(file));
        xp::PipelineParameters params;
        pipeline.run(params);
        std::vector<double> runMs, contourMs, maskMs, esfMs, outsideMs, uploadMs;
        for (int e = 0; e < edits; ++e) {
            params.contour.minAreaMm2 = params.contour.minAreaMm2 == 12.0 ? 8.0 : 12.0;
            const xp::PipelineResult& r = pipeline.run(params);
            runMs.push_back(r.runMilliseconds);
            const auto stageMs = [&](xp::StageId s) {
                return r.milliseconds[xp::stageIndex(s)].value_or(0);
            };
            contourMs.push_back(stageMs(xp::StageId::Contour));
            maskMs.push_back(stageMs(xp::StageId::Mask));
            esfMs.push_back(stageMs(xp::StageId::Esf));
            // The run less its stages: the mask quality checks and the host outputs' waits.
            outsideMs.push_back(r.runMilliseconds - contourMs.back() - maskMs.back() -
                                esfMs.back());
            double up = 0.0;
            for (const auto& t : r.deviceTimes) up += t ? t->uploadMs : 0.0;
            uploadMs.push_back(up);
        }
        std::printf(
            "%s, %s, %d edits of contour.minAreaMm2: run %.2f ms, contour stage %.2f ms, "
            "uploads %.3f ms (medians); mask %.2f, esf %.2f, outside the stages %.2f ms\n",
            file.empty() ? "smooth 2920x2320" : file.c_str(),
            pipeline.backend().description().c_str(), edits, median(runMs), median(contourMs),
            median(uploadMs), median(maskMs), median(esfMs), median(outsideMs));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "perf_edit: %s\n", e.what());
        return 1;
    }
    return 0;
}
