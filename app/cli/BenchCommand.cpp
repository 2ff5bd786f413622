#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "app/cli/BusyLoad.h"
#include "app/cli/Commands.h"
#include "app/cli/InputSource.h"
#include "app/cli/OptionDeclarations.h"
#include "app/cli/OutputAgreement.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/UsageError.h"
#include "app/common/BuildInfo.h"
#include "gpu/BackendFactory.h"
#include "io/AtomicFile.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {

using processing::Json;
using processing::StageId;

namespace {

double medianOf(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct BackendTimes {
    std::string label;
    std::string description;
    std::array<std::vector<double>, processing::kStageCount> stageMs;
    std::vector<double> totalMs;  // sum of the stages' wall times
    std::vector<double> runMs;    // wall time of the whole Pipeline::run call
    // Device backends: per stage and run, kernel / upload / download time (device events).
    std::array<std::vector<processing::DeviceTimes>, processing::kStageCount> deviceMs;
    bool hasDeviceTimes = false;
    processing::PipelineResult last;
};

// Median of one component of the device times of a stage.
double medianDevice(const std::vector<processing::DeviceTimes>& runs,
                    double processing::DeviceTimes::*part) {
    std::vector<double> v;
    for (const auto& t : runs) v.push_back(t.*part);
    return medianOf(v);
}

double medianDeviceTotal(const std::vector<processing::DeviceTimes>& runs) {
    std::vector<double> v;
    for (const auto& t : runs) v.push_back(t.totalMs());
    return medianOf(v);
}

// Per-stage device times of a device backend: kernels, transfers, and the stage's wall time.
void printDeviceTable(const BackendTimes& t, int repeat) {
    using processing::DeviceTimes;
    std::printf("\n%s: device time per stage (ms, CUDA events, median of %d runs)\n",
                t.description.c_str(), repeat);
    std::printf("%-10s %10s %10s %10s %10s %10s\n", "stage", "kernels", "upload", "download",
                "device", "wall");
    std::vector<double> runTotals(t.totalMs.size(), 0.0);
    for (StageId s : processing::kAllStages) {
        const auto& runs = t.deviceMs[processing::stageIndex(s)];
        for (std::size_t r = 0; r < runs.size() && r < runTotals.size(); ++r) {
            runTotals[r] += runs[r].totalMs();
        }
        std::printf("%-10s %10.3f %10.3f %10.3f %10.3f %10.3f\n", processing::toString(s),
                    medianDevice(runs, &DeviceTimes::computeMs),
                    medianDevice(runs, &DeviceTimes::uploadMs),
                    medianDevice(runs, &DeviceTimes::downloadMs), medianDeviceTotal(runs),
                    medianOf(t.stageMs[processing::stageIndex(s)]));
    }
    std::printf("%-10s %10s %10s %10s %10.3f %10.3f\n", "stages", "", "", "", medianOf(runTotals),
                medianOf(t.totalMs));
    std::printf("%-10s %10s %10s %10s %10s %10.3f\n", "run", "", "", "", "", medianOf(t.runMs));
    std::printf(
        "(wall: host clock around the stage, incl. host-side work such as the host part of the "
        "active contour; device: the work the backend timed with events, i.e. kernels and "
        "transfers outside the active contour's level set and GVF; stages: their sum; run: "
        "the whole Pipeline::run call, upload and downloads included)\n");
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        if (!item.empty()) out.push_back(item);
    }
    return out;
}

}  // namespace

void declareBenchCommand(CLI::App& cli) {
    CLI::App& bench = *cli.add_subcommand(
        "bench", "Time every stage of each backend on one input, and compare their outputs");
    inputArguments(bench,
                   "a DICOM file or sample:planar / sample:lateral[:WxH] (default "
                   "sample:planar)",
                   1);
    valueOption(bench, "backends", "LIST",
                "comma-separated, of serial, openmp, cuda "
                "(default serial,openmp)");
    integerOption(bench, "repeat", 1, 1000, "runs per backend; the median is reported (default 5)");
    valueOption(bench, "json", "FILE", "also write the figures as JSON");
    integerOption(
        bench, "threads", 0, 1024,
        "threads of the openmp backend and of the cuda backend's host parts (0: all cores)");
    repeatableOption(bench, "set", "STAGE.PARAM=VALUE", "a pipeline parameter");
    integerOption(bench, "frame", 0, 1 << 20, "frame of a multi-frame file (default 0)");
    integerOption(bench, "load", 0, 256,
                  "keep N other processes busy during the runs: a desktop whose cores are "
                  "shared (docs/PERFORMANCE.md)");
}

int runBenchCommand(const ParsedArguments& args) {
    const std::string input = args.positionals().empty() ? "sample:planar" : args.positionals()[0];
    const int repeat = args.intValue("repeat", 5);
    const int threads = args.intValue("threads", 0);
    const int loadThreads = args.intValue("load", 0);
    processing::PipelineParameters params;
    try {
        for (const auto& a : args.values("set")) processing::setParameterFromText(params, a);
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    std::vector<processing::BackendKind> kinds;
    for (const auto& name : splitList(args.value("backends").value_or("serial,openmp"))) {
        const auto kind = gpu::backendFromString(name);
        if (!kind) throw UsageError("unknown backend '" + name + "' (serial, openmp, cuda)");
        kinds.push_back(*kind);
    }

    // Refused before any timing, like run's outputs: never over the input file (issue 14, D2)
    // and never over a device, FIFO or link (D1).
    const io::ProtectedPaths protectedInput{input};
    if (const auto jsonPath = args.value("json")) {
        io::refuseProtectedDestination(*jsonPath, protectedInput);
        io::refuseNonRegularDestination(*jsonPath);
    }
    const LoadedInput loaded = loadInput(input, args.intValue("frame", 0));
    std::printf("xrayprep-cli bench: %s, %dx%d, %d bits, median of %d runs per backend\n",
                input.c_str(), loaded.image.width(), loaded.image.height(),
                loaded.image.bitsStored(), repeat);
    // Started after the input is loaded and stopped after the last run: it overlaps every
    // timed run of every backend alike.
    const BusyLoad load(loadThreads);
    if (loadThreads > 0) {
        std::printf("load: %d busy process(es) competing for the cores during every run\n",
                    loadThreads);
    }

    std::vector<BackendTimes> results;
    for (const auto kind : kinds) {
        std::shared_ptr<processing::ComputeBackend> backend;
        try {
            backend = gpu::makeBackend(kind, threads);
        } catch (const std::exception& e) {
            std::printf("  %-8s skipped: %s\n", processing::toString(kind), e.what());
            continue;
        }
        BackendTimes times;
        times.label = processing::toString(kind);
        times.description = backend->description();
        processing::Pipeline pipeline(backend);
        pipeline.setInput(loaded.image, loaded.metadata.spacing, {},
                          loaded.metadata.codingErrorBound);
        for (int r = 0; r < repeat; ++r) {
            const auto& result = pipeline.run(params, StageId::Median);
            for (int s = 0; s < processing::kStageCount; ++s) {
                times.stageMs[s].push_back(result.milliseconds[s].value_or(0.0));
                if (result.deviceTimes[s]) {
                    times.deviceMs[s].push_back(*result.deviceTimes[s]);
                    times.hasDeviceTimes = true;
                }
            }
            times.totalMs.push_back(result.totalMilliseconds());
            times.runMs.push_back(result.runMilliseconds);
        }
        times.last = pipeline.result();
        results.push_back(std::move(times));
    }

    std::printf("\n%-10s", "stage (ms)");
    for (const auto& t : results) std::printf(" %22s", t.description.c_str());
    std::printf("\n");
    for (StageId s : processing::kAllStages) {
        std::printf("%-10s", processing::toString(s));
        for (const auto& t : results)
            std::printf(" %22.2f", medianOf(t.stageMs[processing::stageIndex(s)]));
        std::printf("\n");
    }
    std::printf("%-10s", "stages");
    for (const auto& t : results) std::printf(" %22.2f", medianOf(t.totalMs));
    std::printf("\n%-10s", "whole run");
    for (const auto& t : results) std::printf(" %22.2f", medianOf(t.runMs));
    std::printf(
        "\n(stages: sum of the stage wall times; whole run: wall time of Pipeline::run, all "
        "stages from the median, every output copied back to the host, the first run's "
        "allocations included in the median only if it is the middle run)\n");
    for (const auto& t : results) {
        if (t.hasDeviceTimes) printDeviceTable(t, repeat);
    }
    if (!results.empty()) std::printf("\n");
    for (std::size_t i = 1; i < results.size(); ++i) {
        if (results[0].label != "serial") break;
        std::printf("%s vs serial: speedup %.2fx; %s\n", results[i].label.c_str(),
                    medianOf(results[0].runMs) / std::max(1e-9, medianOf(results[i].runMs)),
                    describeAgreement(results[0].last, results[i].last).c_str());
    }

    if (const auto jsonPath = args.value("json")) {
        Json doc = Json::object();
        doc["tool"] = "xrayprep-cli bench";
        doc["version"] = XRAYPREP_VERSION;
        doc["gitCommit"] = gitCommit();
        doc["input"] = input;
        doc["width"] = loaded.image.width();
        doc["height"] = loaded.image.height();
        doc["bitsStored"] = loaded.image.bitsStored();
        doc["repeat"] = repeat;
        doc["loadThreads"] = loadThreads;
        doc["parameters"] = processing::parametersToJson(params);
        Json list = Json::array();
        for (const auto& t : results) {
            Json b = Json::object();
            b["backend"] = t.label;
            b["description"] = t.description;
            if (&t != &results.front() && results.front().label == "serial") {
                b["agreementWithSerial"] = describeAgreement(results.front().last, t.last);
            }
            Json stages = Json::object();
            for (StageId s : processing::kAllStages) {
                const auto& v = t.stageMs[processing::stageIndex(s)];
                Json st = Json::object();
                st["medianMs"] = medianOf(v);
                st["minMs"] = *std::min_element(v.begin(), v.end());
                const auto& dev = t.deviceMs[processing::stageIndex(s)];
                if (!dev.empty()) {
                    Json d = Json::object();
                    d["computeMs"] = medianDevice(dev, &processing::DeviceTimes::computeMs);
                    d["uploadMs"] = medianDevice(dev, &processing::DeviceTimes::uploadMs);
                    d["downloadMs"] = medianDevice(dev, &processing::DeviceTimes::downloadMs);
                    d["totalMs"] = medianDeviceTotal(dev);
                    st["deviceMedianMs"] = d;
                }
                stages[processing::toString(s)] = st;
            }
            b["stages"] = stages;
            b["totalMedianMs"] = medianOf(t.totalMs);
            b["runMedianMs"] = medianOf(t.runMs);
            b["runMinMs"] = *std::min_element(t.runMs.begin(), t.runMs.end());
            if (t.hasDeviceTimes) {
                std::vector<double> runTotals(t.totalMs.size(), 0.0);
                for (const auto& runs : t.deviceMs) {
                    for (std::size_t r = 0; r < runs.size() && r < runTotals.size(); ++r) {
                        runTotals[r] += runs[r].totalMs();
                    }
                }
                b["deviceTotalMedianMs"] = medianOf(runTotals);
            }
            list.push_back(b);
        }
        doc["backends"] = list;
        io::writeFileAtomically(*jsonPath, processing::dumpJson(doc) + "\n", protectedInput);
    }
    return 0;
}

}  // namespace xrayprep::app
