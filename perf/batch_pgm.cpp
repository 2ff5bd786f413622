// Batch throughput on machines without a DICOM library (the core-only build of the GPU
// machine): every .pgm of a folder (scripts/films_to_pgm.py writes the real films so) read,
// run through the whole pipeline with the default parameters on the chosen backend, and
// final.png and mask.png written, as `xrayprep-cli run` writes them by default. Prints images
// per minute over the wall time of the whole batch (reads and writes included). With --jobs N
// the files are shared among N workers, each with its own pipeline and threads/N threads.
//
// usage: perf_batch --backend serial|openmp|cuda [--jobs N] [--threads N] [--out DIR] DIR
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gpu/BackendFactory.h"
#include "io/PgmReader.h"
#include "io/PngWriter.h"
#include "processing/pipeline/Pipeline.h"

namespace fs = std::filesystem;
namespace xp = xrayprep::processing;

namespace {

[[noreturn]] void usage(const char* problem) {
    std::fprintf(stderr,
                 "perf_batch: %s\nusage: perf_batch --backend serial|openmp|cuda [--jobs N] "
                 "[--threads N] [--out DIR] DIR\n",
                 problem);
    std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
    std::string backendName = "openmp", folder, out;
    int jobs = 1, threads = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage((a + " needs a value").c_str());
            return argv[++i];
        };
        if (a == "--backend")
            backendName = value();
        else if (a == "--jobs")
            jobs = std::max(1, std::atoi(value().c_str()));
        else if (a == "--threads")
            threads = std::max(0, std::atoi(value().c_str()));
        else if (a == "--out")
            out = value();
        else if (!a.empty() && a[0] == '-')
            usage(("unknown option " + a).c_str());
        else
            folder = a;
    }
    if (folder.empty()) usage("no folder given");
    const auto kind = xrayprep::gpu::backendFromString(backendName);
    if (!kind) usage(("unknown backend " + backendName).c_str());
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(folder)) {
        if (e.path().extension() == ".pgm") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) usage("no .pgm files in the folder");
    if (out.empty()) out = (fs::temp_directory_path() / "xrayprep-perf-batch").string();
    const int total = threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency());
    const int perJob = std::max(1, total / jobs);

    std::atomic<std::size_t> next{0};
    std::atomic<int> failed{0};
    std::mutex printing;
    std::string description;
    const auto start = std::chrono::steady_clock::now();
    auto worker = [&]() {
        std::shared_ptr<xp::ComputeBackend> backend;
        try {
            backend = xrayprep::gpu::makeBackend(*kind, perJob);
        } catch (const std::exception& e) {
            std::lock_guard lock(printing);
            std::fprintf(stderr, "perf_batch: backend %s: %s\n", backendName.c_str(), e.what());
            std::exit(1);
        }
        {
            std::lock_guard lock(printing);
            description = backend->description();
        }
        xp::Pipeline pipeline(backend);
        for (std::size_t i = next++; i < files.size(); i = next++) {
            const auto t0 = std::chrono::steady_clock::now();
            try {
                pipeline.setInput(xrayprep::io::readPgm(files[i]));
                const xp::PipelineResult& r =
                    pipeline.run(xp::PipelineParameters{}, xp::StageId::Median);
                const fs::path dir = fs::path(out) / files[i].stem();
                fs::create_directories(dir);
                xrayprep::io::writePngGray16(dir / "final.png", r.final);
                xrayprep::io::writePngMask(dir / "mask.png", r.contour.mask);
                const double ms =
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count();
                std::lock_guard lock(printing);
                std::printf("  %-40s %5dx%-5d %8.1f ms\n", files[i].filename().c_str(),
                            r.final.width(), r.final.height(), ms);
            } catch (const std::exception& e) {
                ++failed;
                std::lock_guard lock(printing);
                std::printf("  %-40s failed: %s\n", files[i].filename().c_str(), e.what());
            }
        }
    };
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs; ++j) workers.emplace_back(worker);
    for (auto& w : workers) w.join();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto done = static_cast<int>(files.size()) - failed.load();
    std::printf("perf_batch: %s, %d job(s): %d of %zu files in %.2f s: %.1f images/min\n",
                description.c_str(), jobs, done, files.size(), seconds, 60.0 * done / seconds);
    return failed.load() == 0 ? 0 : 1;
}
