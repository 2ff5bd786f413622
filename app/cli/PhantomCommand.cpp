#include <cstdio>
#include <string>

#include "app/cli/Commands.h"
#include "app/cli/OptionDeclarations.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/UsageError.h"
#include "io/PngWriter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/VariationCatalog.h"
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

void declarePhantomCommand(CLI::App& cli) {
    CLI::App& phantom = *cli.add_subcommand(
        "phantom", "Write a synthetic foot radiograph (and its true bone mask) as DICOM or PNG");
    valueOption(phantom, "out", "FILE.dcm", "the radiograph as DICOM");
    valueOption(phantom, "truth", "MASK.png", "the true bone mask");
    valueOption(phantom, "png", "IMAGE.png", "the radiograph as a 16-bit PNG");
    choiceOption(phantom, "view", {"planar", "lateral", "wb-lateral", "ankle-ap", "oblique"},
                 "the projection (default planar)");
    choiceOption(phantom, "model", {"sample", "projection"},
                 "the sample model (planar, lateral) or the projection model (any view, "
                 "variations); default: what the view and variations need");
    valueOption(phantom, "variations", "LIST",
                "objects and conditions of the projection model (phantom-eval "
                "--list-variations)");
    choiceOption(phantom, "photometric", {"MONOCHROME1", "MONOCHROME2"},
                 "photometric of the file (default MONOCHROME2)");
    valueOption(phantom, "size", "WxH", "image size, 256x256 to 16384x16384");
    integerOption(phantom, "seed", 0, 2147483647, "random seed (default 1)");
    integerOption(phantom, "bits", 8, 16, "bits stored");
    flagOption(phantom, "no-spacing", "leave PixelSpacing out of the file");
}

int runPhantomCommand(const ParsedArguments& args) {
    const auto out = args.value("out");
    const auto png = args.value("png");
    if (!out && !png) throw UsageError("phantom needs --out FILE.dcm (or --png IMAGE.png)");

    processing::PhantomParams params;
    const std::string view = args.value("view").value_or("planar");
    const auto viewKind = processing::VariationCatalog::viewFromName(view);
    if (!viewKind) {
        throw UsageError("--view must be planar, lateral, wb-lateral, ankle-ap or oblique, got '" +
                         view + "'");
    }
    // The sample model knows planar and lateral; other views and any variation need the
    // projection model, which starts from the plain view (no objects) and adds the variations.
    const std::string model = args.value("model").value_or(
        args.value("variations") || (*viewKind != processing::PhantomView::Planar &&
                                     *viewKind != processing::PhantomView::Lateral)
            ? "projection"
            : "sample");
    if (model == "projection") {
        params = processing::VariationCatalog::plain(*viewKind);
        try {
            processing::VariationCatalog::apply(params, args.value("variations").value_or(""));
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    } else if (model != "sample") {
        throw UsageError("--model must be sample or projection, got '" + model + "'");
    } else if (args.value("variations")) {
        throw UsageError("--variations needs --model projection");
    }
    params.view = *viewKind;
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
    params.seed = static_cast<std::uint32_t>(args.intValue("seed", 1));
    // The file-format axes phantom-eval draws per seed, so one of its runs can be made a file.
    params.bitsStored = args.intValue("bits", params.bitsStored);
    if (args.flag("no-spacing")) params.spacingInMetadata = false;

    const processing::Phantom phantom = processing::FootPhantom{}(params);
    if (out) {
#ifdef XRAYPREP_HAVE_DICOM
        dicom::DicomWriter{}(phantom.image, phantom.metadata, *out);
#else
        throw std::runtime_error("this build has no DICOM support (built with XRAYPREP_CORE_ONLY)");
#endif
    }
    if (png) io::writePngGray16(*png, phantom.image);
    for (const auto& note : phantom.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
    if (const auto truth = args.value("truth")) {
        io::PngOptions png;
        png.spacing = phantom.metadata.spacing;
        io::writePngMask(*truth, phantom.truth, png);
    }
    std::fprintf(stderr, "wrote %s (%dx%d, %s, %s, seed %u)\n", (out ? *out : *png).c_str(),
                 params.width, params.height, view.c_str(), photometric.c_str(), params.seed);
    return 0;
}

}  // namespace xrayprep::app
