#include "app/cli/PhantomEvalReport.h"

#include <cstdio>

#include "processing/phantom/PhantomObject.h"

namespace xrayprep::app {

using processing::Json;
using processing::kAllPhantomObjects;

namespace {

std::string fixed(double v, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string variationsOf(const EvalCombination& c) {
    std::string s;
    for (const auto& v : c.variations) s += (s.empty() ? "" : ", ") + v;
    return s.empty() ? "plain" : s;
}

// "marker 120, text 4" (objects with leftovers only), or "0".
std::string leftoverList(const CombinationSummary& r) {
    std::string s;
    for (std::size_t k = 0; k < kAllPhantomObjects.size(); ++k) {
        if (r.leftovers[k] == 0) continue;
        s += (s.empty() ? "" : ", ") + std::string(toString(kAllPhantomObjects[k])) + " " +
             std::to_string(r.leftovers[k]);
    }
    return s.empty() ? "0" : s;
}

Json leftoversJson(const std::array<std::uint64_t, kAllPhantomObjects.size()>& counts) {
    Json o = Json::object();
    for (std::size_t k = 0; k < kAllPhantomObjects.size(); ++k) {
        o[toString(kAllPhantomObjects[k])] = counts[k];
    }
    return o;
}

}  // namespace

Json PhantomEvalReport::json(const std::vector<CombinationSummary>& rows,
                             const PhantomEvalSettings& settings) {
    Json doc = Json::object();
    doc["tool"] = "xrayprep-cli phantom-eval";
    doc["version"] = XRAYPREP_VERSION;
    doc["backend"] = settings.backend;
    doc["parameters"] = settings.parameters;
    doc["seeds"] = settings.seeds;
    doc["jobs"] = settings.jobs;
    doc["threadsPerJob"] = settings.threadsPerJob;
    doc["size"] = settings.size;
    doc["wallSeconds"] = settings.wallSeconds;
    doc["diceThreshold"] = PhantomEvaluator::kDiceThreshold;
    int passed = 0;
    Json list = Json::array();
    for (const CombinationSummary& r : rows) {
        passed += r.pass ? 1 : 0;
        Json row = Json::object();
        row["name"] = r.combination.name;
        row["view"] = processing::toString(r.combination.view);
        Json vars = Json::array();
        for (const auto& v : r.combination.variations) vars.push_back(v);
        row["variations"] = vars;
        row["minDice"] = r.minDice;
        row["meanDice"] = r.meanDice;
        row["worstSeed"] =
            r.worst >= 0 ? static_cast<int>(r.runs[static_cast<std::size_t>(r.worst)].seed) : 0;
        row["failingSeeds"] = r.failingSeeds;
        row["seedsWithPlacementNotes"] = r.seedsWithNotes;
        row["leftoverPixels"] = leftoversJson(r.leftovers);
        row["meanSegmentMs"] = r.meanSegmentMs;
        row["pass"] = r.pass;
        Json runs = Json::array();
        for (const PhantomRun& run : r.runs) {
            Json j = Json::object();
            j["seed"] = static_cast<int>(run.seed);
            j["format"] = run.format.label();
            j["dice"] = run.score.dice;
            j["truthPixels"] = run.score.truthPixels;
            j["maskPixels"] = run.score.maskPixels;
            j["leftoverPixels"] = leftoversJson(run.score.leftovers);
            j["phantomMs"] = run.phantomMs;
            j["segmentMs"] = run.segmentMs;
            if (!run.error.empty()) j["error"] = run.error;
            if (!run.notes.empty()) {
                Json notes = Json::array();
                for (const auto& n : run.notes) notes.push_back(n);
                j["notes"] = notes;
            }
            runs.push_back(std::move(j));
        }
        row["runs"] = std::move(runs);
        list.push_back(std::move(row));
    }
    doc["combinations"] = std::move(list);
    doc["passed"] = passed;
    doc["failed"] = static_cast<int>(rows.size()) - passed;
    return doc;
}

std::string PhantomEvalReport::markdown(const std::vector<CombinationSummary>& rows,
                                        const PhantomEvalSettings& s) {
    int passed = 0;
    for (const auto& r : rows) passed += r.pass ? 1 : 0;
    std::string md;
    md += "Phantoms: " + std::to_string(rows.size()) + " combinations x " +
          std::to_string(s.seeds) + " seeds, " + s.size + ", backend " + s.backend +
          ", parameters " + s.parameters +
          "; pass = Dice >= " + fixed(PhantomEvaluator::kDiceThreshold, 2) +
          " on every seed and 0 leftover object pixels. " + std::to_string(passed) + " of " +
          std::to_string(rows.size()) + " pass (" + fixed(s.wallSeconds / 60.0, 1) + " min, " +
          std::to_string(s.jobs) + " jobs).\n\n";
    md +=
        "| combination | view | variations | min Dice | mean Dice | worst seed | failing seeds "
        "| leftover pixels | pass |\n";
    md += "| --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n";
    for (const CombinationSummary& r : rows) {
        const int worstSeed =
            r.worst >= 0 ? static_cast<int>(r.runs[static_cast<std::size_t>(r.worst)].seed) : 0;
        md += "| " + r.combination.name + " | " + processing::toString(r.combination.view) + " | " +
              variationsOf(r.combination) + " | " + fixed(r.minDice, 3) + " | " +
              fixed(r.meanDice, 3) + " | " + std::to_string(worstSeed) + " | " +
              std::to_string(r.failingSeeds) + "/" + std::to_string(r.runs.size()) + " | " +
              leftoverList(r) + " | " + (r.pass ? "yes" : "no") + " |\n";
    }
    return md;
}

std::string PhantomEvalReport::line(const CombinationSummary& r) {
    const int worstSeed =
        r.worst >= 0 ? static_cast<int>(r.runs[static_cast<std::size_t>(r.worst)].seed) : 0;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%-34s Dice min %.3f mean %.3f (worst seed %d), failing %d/%zu, %s",
                  r.combination.name.c_str(), r.minDice, r.meanDice, worstSeed, r.failingSeeds,
                  r.runs.size(), r.pass ? "PASS" : "FAIL");
    return std::string(buf) + "; leftovers " + leftoverList(r);
}

}  // namespace xrayprep::app
