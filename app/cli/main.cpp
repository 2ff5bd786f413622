// xrayprep-cli: the command-line twin of the xrayprep application. The command line is parsed
// by CLI11: each sub-command's options, help and validation are declared in its own file.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <string>

#include "app/cli/Commands.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/UsageError.h"
#include "app/common/BuildInfo.h"
#include "app/common/LargeBlockReuse.h"
#include "app/common/PassiveThreadWait.h"
#include "gpu/BackendFactory.h"

namespace {

constexpr const char* kNotes = R"(
INPUT is a DICOM file, a folder (searched recursively for DICOM files), or the built-in
synthetic radiograph sample:planar / sample:lateral (optionally sized: sample:planar:4096x4096,
at most 33.5 megapixels). run writes, per input, the named outputs into OUT/NAME/; each folder
is replaced whole when the input's run completes. Mesh settings: --set mesh.mode=inflate|extrude,
mesh.thickness=MM, mesh.targetTriangles=N (0 = no limit), mesh.smooth=N, mesh.colour=xray|esf.
run checks every mask (empty, whole anatomy, along the image border or a straight line,
implausible share of the anatomy, many fragments, bone-textured anatomy left out; limits:
--set quality.*): an input whose mask fails a check is processed but printed as "review".
Each sub-command has its own --help.
Exit codes: 0 all inputs ok; 3 none failed but some need review; 1 some inputs failed (also
when others need review); 2 usage error; 130 interrupted (SIGINT, SIGTERM).
)";

int listBackends() {
    for (const auto& b : xrayprep::gpu::listBackends()) {
        std::printf("%-7s %-11s %s\n", xrayprep::processing::toString(b.kind),
                    b.available ? "available" : "unavailable", b.detail.c_str());
    }
    return 0;
}

int usageError(const std::string& message, const std::string& command) {
    std::fprintf(stderr, "xrayprep-cli: %s\nRun 'xrayprep-cli%s --help' for the options.\n",
                 message.c_str(), command.empty() ? "" : (" " + command).c_str());
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    xrayprep::app::ensurePassiveThreadWait(argv);
    xrayprep::app::keepLargeBlocksForReuse();
    CLI::App cli("xrayprep-cli: prepares DICOM foot radiographs for 3D bone-mesh generation",
                 "xrayprep-cli");
    cli.set_version_flag("--version", xrayprep::app::versionText("xrayprep-cli"));
    cli.footer(kNotes);
    cli.require_subcommand(1);
    xrayprep::app::declareRunCommand(cli);
    xrayprep::app::declareBenchCommand(cli);
    xrayprep::app::declarePhantomCommand(cli);
    xrayprep::app::declarePhantomEvalCommand(cli);
    xrayprep::app::declareParametersCommand(cli);
#ifdef XRAYPREP_HAVE_PACS
    xrayprep::app::declarePacsCommand(cli);
#endif
    cli.add_subcommand("backends", "List the compute backends and why one is unavailable");
    if (argc <= 1) {
        std::fputs(cli.help().c_str(), stderr);
        return 2;
    }
    const auto known = [&cli](const std::string& name) {
        return !cli.get_subcommands([&name](const CLI::App* c) { return c->get_name() == name; })
                    .empty();
    };
    if (const std::string first = argv[1]; first.rfind('-', 0) != 0 && !known(first)) {
        return usageError("unknown command '" + first +
                              "' (run, bench, phantom, phantom-eval, pacs, parameters, backends)",
                          "");
    }
    std::string command;
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return cli.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        const auto chosen = cli.get_subcommands();
        return usageError(e.what(), chosen.empty() ? "" : chosen.front()->get_name());
    }
    const CLI::App& chosen = *cli.get_subcommands().front();
    command = chosen.get_name();
    const xrayprep::app::ParsedArguments args(chosen);
    try {
        if (command == "run") return xrayprep::app::runRunCommand(args);
        if (command == "bench") return xrayprep::app::runBenchCommand(args);
        if (command == "phantom") return xrayprep::app::runPhantomCommand(args);
        if (command == "phantom-eval") return xrayprep::app::runPhantomEvalCommand(args);
        if (command == "parameters") return xrayprep::app::runParametersCommand(args);
#ifdef XRAYPREP_HAVE_PACS
        if (command == "pacs") return xrayprep::app::runPacsCommand(chosen);
#endif
        return listBackends();
    } catch (const xrayprep::app::UsageError& e) {
        return usageError(e.what(), command);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
        return 1;
    }
}
