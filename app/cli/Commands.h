#pragma once

namespace CLI {
class App;
}

namespace xrayprep::app {

class ParsedArguments;

// Each sub-command declares its options (help, validators) on the command line's CLI11 app,
// and runs from what CLI11 parsed. A run returns the process exit code: 0 ok, 1 some inputs
// failed, 3 some need review; usage errors are thrown as UsageError and become 2 in main.
void declareRunCommand(CLI::App& cli);
void declareBenchCommand(CLI::App& cli);
void declarePhantomCommand(CLI::App& cli);
void declarePhantomEvalCommand(CLI::App& cli);
void declareParametersCommand(CLI::App& cli);
#ifdef XRAYPREP_HAVE_PACS
// `pacs echo|find|get|store` (full builds): runs the chosen sub-command of `pacs`; network and
// remote failures print one line and return 1.
void declarePacsCommand(CLI::App& cli);
int runPacsCommand(const CLI::App& pacs);
#endif

int runRunCommand(const ParsedArguments& args);
int runBenchCommand(const ParsedArguments& args);
int runPhantomCommand(const ParsedArguments& args);
int runPhantomEvalCommand(const ParsedArguments& args);
int runParametersCommand(const ParsedArguments& args);

}  // namespace xrayprep::app
