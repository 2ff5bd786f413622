#include <cstdio>
#include <string>

#include "app/cli/ArgumentList.h"
#include "app/cli/Commands.h"
#include "app/cli/UsageError.h"
#include "mesh_export/PngWriter.h"
#include "processing/phantom/FootPhantom.h"
#ifdef XRAYPREP_HAVE_DICOM
#include "dicom/DicomWriter.h"
#endif

namespace xrayprep::app {

namespace {

void parseSize(const std::string& text, int& width, int& height) {
    const auto x = text.find('x');
    try {
        if (x == std::string::npos) throw std::invalid_argument("no x");
        std::size_t used = 0;
        width = std::stoi(text.substr(0, x), &used);
        if (used != x) throw std::invalid_argument("width");
        height = std::stoi(text.substr(x + 1), &used);
        if (used != text.size() - x - 1) throw std::invalid_argument("height");
    } catch (const std::exception&) {
        throw UsageError("--size expects WxH, e.g. 2920x2320, got '" + text + "'");
    }
    if (width < 256 || height < 256 || width > 16384 || height > 16384) {
        throw UsageError("--size must be between 256x256 and 16384x16384, got '" + text + "'");
    }
}

}  // namespace

int runPhantomCommand(const std::vector<std::string>& rawArgs) {
    const ArgumentList args(rawArgs, {"out", "truth", "view", "photometric", "size", "seed"}, {});
    if (!args.positionals().empty()) throw UsageError("phantom takes no positional arguments");
    const auto out = args.value("out");
    if (!out) throw UsageError("phantom needs --out FILE.dcm");

    processing::PhantomParams params;
    const std::string view = args.value("view").value_or("planar");
    if (view == "planar") {
        params.view = processing::PhantomView::Planar;
    } else if (view == "lateral") {
        params.view = processing::PhantomView::Lateral;
    } else {
        throw UsageError("--view must be planar or lateral, got '" + view + "'");
    }
    const std::string photometric = args.value("photometric").value_or("MONOCHROME2");
    if (photometric == "MONOCHROME1") {
        params.photometric = processing::Photometric::Monochrome1;
    } else if (photometric == "MONOCHROME2") {
        params.photometric = processing::Photometric::Monochrome2;
    } else {
        throw UsageError("--photometric must be MONOCHROME1 or MONOCHROME2, got '" + photometric +
                         "'");
    }
    if (const auto size = args.value("size")) parseSize(*size, params.width, params.height);
    params.seed = static_cast<std::uint32_t>(args.intValue("seed", 1, 0, 2147483647));

    const processing::Phantom phantom = processing::FootPhantom{}(params);
#ifdef XRAYPREP_HAVE_DICOM
    dicom::DicomWriter{}(phantom.image, phantom.metadata, *out);
#else
    throw std::runtime_error("this build has no DICOM support (built with XRAYPREP_CORE_ONLY)");
#endif
    if (const auto truth = args.value("truth")) {
        mesh_export::PngOptions png;
        png.spacing = phantom.metadata.spacing;
        mesh_export::writePngMask(*truth, phantom.truth, png);
    }
    std::fprintf(stderr, "wrote %s (%dx%d, %s, %s, seed %u)\n", out->c_str(), params.width,
                 params.height, view.c_str(), photometric.c_str(), params.seed);
    return 0;
}

}  // namespace xrayprep::app
