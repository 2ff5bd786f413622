// xrayprep-cli: the command-line twin of the xrayprep application.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "app/cli/Commands.h"
#include "app/cli/UsageError.h"
#include "app/common/LargeBlockReuse.h"
#include "app/common/PassiveThreadWait.h"
#include "gpu/BackendFactory.h"

namespace {

constexpr const char* kUsage = R"(usage:
  xrayprep-cli phantom --out FILE.dcm [--truth MASK.png] [--png IMAGE.png]
                       [--view planar|lateral|wb-lateral|ankle-ap|oblique]
                       [--model sample|projection] [--variations LIST]
                       [--photometric MONOCHROME1|MONOCHROME2] [--size WxH] [--seed N]
                       [--bits 8..16] [--no-spacing]
  xrayprep-cli phantom-eval [--views LIST] [--variations LIST|all] [--seeds N] [--size N|WxH]
                            [--backend NAME] [--jobs N] [--threads N] [--set K=V]...
                            [--json FILE] [--markdown FILE] [--save-worst DIR]
                            [--contact FILE.png] (--help: the matrix and every option)
  xrayprep-cli run INPUT... --out DIR [--backend serial|openmp|cuda] [--threads N] [--jobs N]
                   [--set STAGE.PARAM=VALUE]... [--preset FILE.json] [--save-stages]
                   [--report FILE.json] [--frame N] [--export LIST] [--anonymize] [--gallery]
  xrayprep-cli run --session FILE.xrayprep-session [--out DIR] [--export LIST] [--set ...]...
  xrayprep-cli bench [INPUT] [--backends LIST] [--repeat N] [--json FILE] [--threads N]
                     [--set STAGE.PARAM=VALUE]... [--load N]
  xrayprep-cli backends        list the compute backends and why one is unavailable
  xrayprep-cli --version

INPUT is a DICOM file, a folder (searched recursively for DICOM files), or the built-in
synthetic radiograph sample:planar / sample:lateral (optionally sized: sample:planar:4096x4096).
run --jobs N processes N inputs at a time (default: min(cores, 4) on serial/openmp, 1 on cuda,
where the device runs take turns); --threads N is the run's total, split over the jobs.
run --export LIST writes, per input, the named outputs into OUT/NAME/ (comma-separated):
  final.png final.mha mask.png mask.mha esf.mha esf.vti contours.vtp contours.csv
  mesh.stl mesh.obj mesh.ply mesh.vtp dicom sheet.png report.json, or all.
  dicom writes final.dcm (derived, original photometric); --anonymize de-identifies it
  (DICOM PS3.15 Annex E basic profile). Mesh settings: --set mesh.mode=inflate|extrude,
  mesh.thickness=MM, mesh.targetTriangles=N (0 = no limit), mesh.smooth=N, mesh.colour=xray|esf.
run checks every mask (empty, whole anatomy, along the image border or a straight line,
implausible share of the anatomy, many fragments, bone-textured anatomy left out; limits:
--set quality.*): an input whose mask fails a check is processed but printed as "review" with the failed checks and counted
as needing review. run --gallery also writes DIR/index.html, a review gallery of the batch
(one tile per input: original with the mask outline, final image, checks, time; a tile opens
the input's contact sheet, sheet.png, which --gallery writes).
run --session runs a session saved by the application (File > Save Session): its input,
parameters, seeds and box, and mask edits; --out defaults to FILE-results beside it. A session
whose input file changed since it was saved (SHA-256) is refused.
bench times every stage of each backend on one input (median of --repeat runs) and says how
each backend's outputs compare with serial's (differing pixels, largest difference, the
mask's Dice). bench --load N keeps N other processes busy during the runs: a desktop whose cores
are shared with other programs (docs/PERFORMANCE.md).
Exit codes: 0 all inputs ok; 3 none failed but some need review; 1 some inputs failed (also
when others need review); 2 usage error.
)";

int listBackends() {
    for (const auto& b : xrayprep::gpu::listBackends()) {
        std::printf("%-7s %-11s %s\n", xrayprep::processing::toString(b.kind),
                    b.available ? "available" : "unavailable", b.detail.c_str());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    xrayprep::app::ensurePassiveThreadWait(argv);
    xrayprep::app::keepLargeBlocksForReuse();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::fputs(kUsage, args.empty() ? stderr : stdout);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::printf("xrayprep-cli %s\n", XRAYPREP_VERSION);
        return 0;
    }
    const std::string command = args[0];
    args.erase(args.begin());
    try {
        if (command == "phantom") return xrayprep::app::runPhantomCommand(args);
        if (command == "phantom-eval") return xrayprep::app::runPhantomEvalCommand(args);
        if (command == "run") return xrayprep::app::runRunCommand(args);
        if (command == "bench") return xrayprep::app::runBenchCommand(args);
        if (command == "backends") return listBackends();
        throw xrayprep::app::UsageError("unknown command '" + command + "'");
    } catch (const xrayprep::app::UsageError& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n\n%s", e.what(), kUsage);
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
        return 1;
    }
}
