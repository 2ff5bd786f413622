#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/StageId.h"

namespace xrayprep::ui {

// Times of one run on one backend (wall-clock per stage; device time for device backends).
struct RunTiming {
    processing::BackendKind backend = processing::BackendKind::Serial;
    std::string backendDescription;  // "openmp (2 threads)", "cuda (NVIDIA H200)"
    std::array<std::optional<double>, processing::kStageCount> wallMs{};
    std::array<std::optional<processing::DeviceTimes>, processing::kStageCount> device{};
    [[nodiscard]] double totalWallMs() const {
        double sum = 0.0;
        for (const auto& ms : wallMs) sum += ms.value_or(0.0);
        return sum;
    }
};

// How one stage's output on a backend differs from serial's (the reference). For images and
// masks: pixels compared and differing, mean and max absolute difference in stored values; for
// the ESF field the same in field units. Contours compare their filled masks.
struct StageDifference {
    std::uint64_t compared = 0;
    std::uint64_t differing = 0;
    double meanAbs = 0.0;
    double maxAbs = 0.0;
};

struct BackendRun {
    RunTiming timing;
    std::array<std::optional<StageDifference>, processing::kStageCount> vsSerial{};
    std::string error;  // non-empty: the run failed with this message
};

// "Compare backends": every available backend on the same input and parameters, serial first.
struct BackendComparison {
    std::vector<BackendRun> runs;
};

}  // namespace xrayprep::ui
