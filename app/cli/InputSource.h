#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::app {

// One image to process and where it came from.
struct LoadedInput {
    std::string label;  // what the user named (path, or "sample:planar")
    processing::Image image;
    processing::ImageMetadata metadata;
};

// Expands the command line's inputs: files stay as given, folders are searched recursively
// for DICOM files (sorted, so runs are reproducible); "sample:planar" and "sample:lateral"
// name the built-in synthetic radiograph. In folders, files that are not DICOM are skipped
// and listed in `skipped` (sorted) -- except those named like DICOM files (.dcm, .dicom,
// .dic): an empty, truncated or foreign file under such a name is an input that fails, with
// its name, not something to pass over in silence. Folders in `excludedFolders` (the run's
// output folder, when it lies inside an input folder) are not searched: a re-run must not take
// its own final.dcm outputs for inputs.
[[nodiscard]] std::vector<std::string> expandInputs(
    const std::vector<std::string>& inputs, std::vector<std::string>& skipped,
    const std::vector<std::filesystem::path>& excludedFolders = {});

// Throws std::runtime_error naming the input and the reason.
[[nodiscard]] LoadedInput loadInput(const std::string& input, int frame);

// The folder name for an input's outputs: its file stem, made unique among `taken`.
[[nodiscard]] std::string outputStem(const std::string& input, std::vector<std::string>& taken);

[[nodiscard]] bool isSampleInput(const std::string& input);

// The inputs' files, so that no output ever overwrites one of them.
[[nodiscard]] std::vector<std::filesystem::path> inputFiles(const std::vector<std::string>& inputs);

}  // namespace xrayprep::app
