// `xrayprep-cli pacs echo|find|get|move|store`: the pacs module's client on the command line.
// Everything the peer sent is printed through processing::printableText (or escaped as JSON),
// so a hostile PACS cannot drive the terminal.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"
#include "app/cli/OptionDeclarations.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/UsageError.h"
#include "pacs/PacsClient.h"
#include "pacs/PacsError.h"
#include "processing/core/PrintableText.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

namespace {

using processing::printableText;

// The options every pacs command shares: where the node is and how long to wait for it.
void declareNodeOptions(CLI::App& command) {
    valueOption(command, "host", "HOST", "the PACS's host name or address")->required();
    integerOption(command, "port", 1, 65535, "the PACS's DICOM port")->required();
    valueOption(command, "aet", "AET", "our (calling) AE title (default XRAYPREP)");
    valueOption(command, "called-aet", "AET", "the PACS's (called) AE title (default ANY-SCP)");
    integerOption(command, "timeout", 1, 3600,
                  "seconds to wait for the connection and for each answer (default: 10 to "
                  "connect, 30 per answer)");
}

pacs::PacsNode nodeFrom(const ParsedArguments& args) {
    pacs::PacsNode node;
    node.host = args.value("host").value_or(node.host);
    node.port = args.intValue("port", node.port);
    node.callingAe = args.value("aet").value_or(node.callingAe);
    node.calledAe = args.value("called-aet").value_or(node.calledAe);
    if (const auto timeout = args.value("timeout")) {
        node.connectTimeoutSeconds = std::stoi(*timeout);
        node.dimseTimeoutSeconds = node.connectTimeoutSeconds;
    }
    try {
        node.validate();
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    return node;
}

std::string orDash(const std::string& text) { return text.empty() ? "-" : printableText(text); }

int runEcho(const ParsedArguments& args) {
    const pacs::PacsClient client(nodeFrom(args));
    client.echo();
    std::printf("echo ok: %s\n", client.node().label().c_str());
    return 0;
}

pacs::PacsQuery queryFrom(const ParsedArguments& args) {
    pacs::PacsQuery query;
    query.level = args.value("level").value_or("study") == "series" ? pacs::QueryLevel::Series
                                                                    : pacs::QueryLevel::Study;
    query.patientId = args.value("patient-id").value_or("");
    query.patientName = args.value("patient-name").value_or("");
    query.studyDate = args.value("date").value_or("");
    query.modality = args.value("modality").value_or("");
    query.bodyPart = args.value("body-part").value_or("");
    query.studyUid = args.value("study-uid").value_or("");
    try {
        query.validate();
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    return query;
}

processing::Json matchJson(const pacs::PacsMatch& m, pacs::QueryLevel level) {
    processing::Json j;
    j["level"] = level == pacs::QueryLevel::Series ? "series" : "study";
    j["patientName"] = m.patientName;
    j["patientId"] = m.patientId;
    j["studyInstanceUid"] = m.studyUid;
    if (level == pacs::QueryLevel::Series) j["seriesInstanceUid"] = m.seriesUid;
    j["studyDate"] = m.studyDate;
    j["description"] = m.description;
    j["modality"] = m.modality;
    if (level == pacs::QueryLevel::Series) j["bodyPart"] = m.bodyPart;
    j["instances"] = m.instances;
    return j;
}

int runFind(const ParsedArguments& args) {
    const pacs::PacsQuery query = queryFrom(args);
    const pacs::PacsClient client(nodeFrom(args));
    const std::vector<pacs::PacsMatch> matches = client.find(query);
    if (args.flag("json")) {
        processing::Json all = processing::Json::array();
        for (const auto& m : matches) all.push_back(matchJson(m, query.level));
        std::printf("%s\n", processing::dumpJson(all).c_str());
        return 0;
    }
    const bool series = query.level == pacs::QueryLevel::Series;
    for (const auto& m : matches) {
        std::printf("%s %s\n", series ? "series" : "study",
                    orDash(series ? m.seriesUid : m.studyUid).c_str());
        if (series) std::printf("  study        %s\n", orDash(m.studyUid).c_str());
        std::printf("  patient      %s (ID %s)\n", orDash(m.patientName).c_str(),
                    orDash(m.patientId).c_str());
        std::printf("  date         %s\n", orDash(m.studyDate).c_str());
        std::printf("  modality     %s\n", orDash(m.modality).c_str());
        if (series) std::printf("  body part    %s\n", orDash(m.bodyPart).c_str());
        std::printf("  description  %s\n", orDash(m.description).c_str());
        std::printf("  instances    %s\n", orDash(m.instances).c_str());
    }
    std::printf("%zu match(es)\n", matches.size());
    return 0;
}

// get and move: the same request and cache; move also names the port the PACS connects to.
int runRetrieve(const ParsedArguments& args, bool move) {
    pacs::RetrieveRequest request;
    request.studyUid = args.value("study-uid").value_or("");
    request.seriesUid = args.value("series-uid").value_or("");
    const std::string cache = args.value("cache").value_or("");
    if (!pacs::isDicomUid(request.studyUid) ||
        (!request.seriesUid.empty() && !pacs::isDicomUid(request.seriesUid))) {
        throw UsageError("--study-uid and --series-uid take DICOM UIDs (digits and dots)");
    }
    const pacs::PacsClient client(nodeFrom(args));
    // Progress on a terminal only: a log or a pipe gets the list of files at the end.
    const bool terminal = ::isatty(STDERR_FILENO) == 1;
    const auto progress = [terminal](const pacs::RetrieveProgress& p) {
        if (!terminal) return;
        std::fprintf(stderr, "\rreceived %d, %d remaining, %d failed   ", p.received, p.remaining,
                     p.failed);
    };
    const InterruptHandlers handlers;  // Ctrl-C ends the retrieve, the files received kept
    std::vector<std::filesystem::path> files;
    try {
        files = move ? client.move(request, cache, args.intValue("listen-port", 0), progress,
                                   &interruptedFlag())
                     : client.get(request, cache, progress, &interruptedFlag());
    } catch (const pacs::PacsError& e) {
        if (e.kind() != pacs::PacsError::Kind::Cancelled) throw;
        if (terminal) std::fputc('\n', stderr);
        std::fprintf(stderr,
                     "xrayprep-cli pacs: interrupted; the instances received so far are "
                     "whole files in %s\n",
                     printableText(cache).c_str());
        return 130;  // as a shell reports a process ended by SIGINT
    }
    if (terminal) std::fputc('\n', stderr);
    for (const auto& file : files) std::printf("%s\n", printableText(file.string()).c_str());
    std::printf("retrieved %zu instance(s) into %s\n", files.size(), printableText(cache).c_str());
    return 0;
}

// The options of get and move.
void declareRetrieveOptions(CLI::App& command) {
    declareNodeOptions(command);
    valueOption(command, "study-uid", "UID", "Study Instance UID")->required();
    valueOption(command, "series-uid", "UID", "Series Instance UID (default: the whole study)");
    valueOption(command, "cache", "DIR",
                "cache folder: files go to DIR/STUDY/SERIES/SOPINSTANCE.dcm")
        ->required();
}

int runStore(const ParsedArguments& args) {
    const std::vector<std::string> names = args.positionals();
    if (names.empty()) throw UsageError("store needs at least one FILE");
    std::vector<std::filesystem::path> files(names.begin(), names.end());
    const pacs::PacsClient client(nodeFrom(args));
    std::size_t failed = 0;
    for (const auto& out : client.store(files)) {
        std::printf("%s %s: %s%s\n", out.ok ? "stored" : "FAILED",
                    printableText(out.file.string()).c_str(), printableText(out.message).c_str(),
                    out.sopInstanceUid.empty()
                        ? ""
                        : (" (SOP instance " + printableText(out.sopInstanceUid) + ")").c_str());
        if (!out.ok) ++failed;
    }
    if (failed > 0) {
        std::fprintf(stderr, "xrayprep-cli pacs: %zu of %zu file(s) not stored\n", failed,
                     files.size());
        return 1;
    }
    return 0;
}

}  // namespace

void declarePacsCommand(CLI::App& cli) {
    CLI::App& pacs = *cli.add_subcommand(
        "pacs", "Talk to a PACS (DICOM network): echo, find, get (C-GET), move (C-MOVE), store");
    pacs.require_subcommand(1);
    pacs.footer(
        "Exit codes: 0 ok; 1 the network or the PACS failed (one line on stderr); 2 usage "
        "error.");

    CLI::App& echo = *pacs.add_subcommand("echo", "Check the connection (C-ECHO)");
    declareNodeOptions(echo);

    CLI::App& find = *pacs.add_subcommand("find", "Search studies or series (C-FIND)");
    declareNodeOptions(find);
    choiceOption(find, "level", {"study", "series"}, "query level (default study)");
    valueOption(find, "patient-id", "ID", "Patient ID (wildcards * and ? allowed)");
    valueOption(find, "patient-name", "NAME", "Patient's Name (wildcards * and ? allowed)");
    valueOption(find, "date", "FROM-TO", "study date or range: YYYYMMDD, YYYYMMDD-YYYYMMDD, ...");
    valueOption(find, "modality", "MOD", "modality, e.g. CR or DX");
    valueOption(find, "body-part", "PART", "Body Part Examined, e.g. FOOT (series level)");
    valueOption(find, "study-uid", "UID", "Study Instance UID (e.g. the series of one study)");
    flagOption(find, "json", "print the matches as a JSON array");

    declareRetrieveOptions(
        *pacs.add_subcommand("get", "Retrieve a study or series (C-GET) into a cache"));
    CLI::App& move = *pacs.add_subcommand(
        "move", "Retrieve a study or series (C-MOVE to our AE title) into a cache");
    declareRetrieveOptions(move);
    integerOption(move, "listen-port", 1, 65535,
                  "port we receive on: the PACS must know our AE title with this host and port")
        ->required();

    CLI::App& store = *pacs.add_subcommand("store", "Send DICOM files (C-STORE)");
    declareNodeOptions(store);
    inputArguments(store, "DICOM files to send", 0);
}

int runPacsCommand(const CLI::App& pacs) {
    const CLI::App& chosen = *pacs.get_subcommands().front();
    const std::string name = chosen.get_name();
    const ParsedArguments args(chosen);
    try {
        if (name == "echo") return runEcho(args);
        if (name == "find") return runFind(args);
        if (name == "get") return runRetrieve(args, false);
        if (name == "move") return runRetrieve(args, true);
        return runStore(args);
    } catch (const UsageError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    } catch (const std::exception& e) {
        // PacsError (the node named, the cause in words) and local failures (the cache folder).
        std::fprintf(stderr, "xrayprep-cli pacs: %s\n", e.what());
        return 1;
    }
}

}  // namespace xrayprep::app
