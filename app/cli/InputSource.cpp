#include "app/cli/InputSource.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "processing/core/InputLimits.h"
#include "processing/phantom/FootPhantom.h"
#ifdef XRAYPREP_HAVE_DICOM
#include "dicom/DicomFileProbe.h"
#include "dicom/DicomReader.h"
#endif

namespace xrayprep::app {

namespace fs = std::filesystem;

bool isSampleInput(const std::string& input) { return input.rfind("sample:", 0) == 0; }

#ifdef XRAYPREP_HAVE_DICOM
namespace {

bool hasDicomExtension(const fs::path& file) {
    std::string ext = file.extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".dcm" || ext == ".dicom" || ext == ".dic";
}

}  // namespace
#endif

namespace {

bool isExcluded(const fs::path& folder, const std::vector<fs::path>& excluded) {
    return std::any_of(excluded.begin(), excluded.end(), [&](const fs::path& e) {
        std::error_code ec;
        return fs::equivalent(folder, e, ec) && !ec;
    });
}

}  // namespace

std::vector<std::string> expandInputs(const std::vector<std::string>& inputs,
                                      std::vector<std::string>& skipped,
                                      const std::vector<fs::path>& excludedFolders) {
    std::vector<std::string> out;
    skipped.clear();
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (isSampleInput(input) || !fs::is_directory(input, ec)) {
            out.push_back(input);  // a missing file is reported when it is loaded
            continue;
        }
        std::vector<std::string> found;
        for (auto it = fs::recursive_directory_iterator(
                 input, fs::directory_options::skip_permission_denied, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_directory(ec) && isExcluded(it->path(), excludedFolders)) {
                it.disable_recursion_pending();  // our own outputs are not inputs
                continue;
            }
            if (!it->is_regular_file(ec)) continue;
#ifdef XRAYPREP_HAVE_DICOM
            if (!hasDicomExtension(it->path()) && !dicom::isLikelyDicomFile(it->path())) {
                skipped.push_back(it->path().string());
                continue;
            }
#endif
            found.push_back(it->path().string());
        }
        std::sort(found.begin(), found.end());
        std::sort(skipped.begin(), skipped.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

LoadedInput loadInput(const std::string& input, int frame) {
    LoadedInput loaded;
    loaded.label = input;
    if (isSampleInput(input)) {
        // sample:VIEW or sample:VIEW:WxH (other sizes, e.g. for scaling benchmarks)
        std::string view = input.substr(7);
        processing::PhantomParams params;
        if (const auto colon = view.find(':'); colon != std::string::npos) {
            const std::string size = view.substr(colon + 1);
            view = view.substr(0, colon);
            const auto x = size.find('x');
            int w = 0, h = 0;
            const bool ok =
                x != std::string::npos &&
                std::from_chars(size.data(), size.data() + x, w).ptr == size.data() + x &&
                std::from_chars(size.data() + x + 1, size.data() + size.size(), h).ptr ==
                    size.data() + size.size();
            if (!ok || w < 64 || h < 64 || w > 32768 || h > 32768) {
                throw std::runtime_error(input + ": expected sample:VIEW:WxH with sides 64..32768");
            }
            if (static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) >
                processing::kMaxInputPixels) {
                throw std::runtime_error(input + ": more than " +
                                         std::to_string(processing::kMaxInputPixels) +
                                         " pixels (the limit per input, which bounds memory)");
            }
            params.width = w;
            params.height = h;
        }
        if (view == "lateral") {
            params.view = processing::PhantomView::Lateral;
        } else if (view != "planar" && !view.empty()) {
            throw std::runtime_error(input +
                                     ": unknown sample (use sample:planar or sample:lateral)");
        }
        processing::Phantom phantom = processing::FootPhantom{}(params);
        loaded.image = std::move(phantom.image);
        loaded.metadata = std::move(phantom.metadata);
        return loaded;
    }
    std::error_code ec;
    if (!fs::exists(input, ec)) throw std::runtime_error(input + ": no such file");
    if (fs::is_directory(input, ec)) throw std::runtime_error(input + ": is a folder");
#ifdef XRAYPREP_HAVE_DICOM
    dicom::ReadOptions options;
    options.frame = frame;
    dicom::LoadedImage image = dicom::DicomReader{}(input, options);
    loaded.image = std::move(image.image);
    loaded.metadata = std::move(image.metadata);
    return loaded;
#else
    (void)frame;
    throw std::runtime_error(input +
                             ": this build has no DICOM support (built with XRAYPREP_CORE_ONLY)");
#endif
}

std::string outputStem(const std::string& input, std::vector<std::string>& taken) {
    std::string stem =
        isSampleInput(input) ? "sample-" + input.substr(7) : fs::path(input).stem().string();
    if (stem.empty() || stem == "." || stem == "..") stem = "input";
    std::string unique = stem;
    for (int n = 2; std::find(taken.begin(), taken.end(), unique) != taken.end(); ++n) {
        unique = stem + "-" + std::to_string(n);
    }
    taken.push_back(unique);
    return unique;
}

std::vector<fs::path> inputFiles(const std::vector<std::string>& inputs) {
    std::vector<fs::path> files;
    for (const auto& input : inputs) {
        if (!isSampleInput(input)) files.emplace_back(input);
    }
    return files;
}

}  // namespace xrayprep::app
