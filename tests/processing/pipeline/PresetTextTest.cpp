// applyPresetText: what the CLI's --preset and the application's Load Preset read a file with.
// Issue 14: the hand-written JSON parser before nlohmann-json accepted every document in
// RefusesWhatJsonDoesNotAllow (the preset was applied), mangled the emoji below into invalid
// UTF-8 and answered "\uzzzz" with a bare "stoul".
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "processing/pipeline/ParameterRegistry.h"

using namespace xrayprep::processing;

namespace {

// The message of the Error a preset gives (std::runtime_error: malformed JSON;
// std::invalid_argument: a wrong value); the parameters stay as they were.
template <typename Error>
std::string errorOf(const std::string& text) {
    PipelineParameters p;
    try {
        applyPresetText(p, text);
    } catch (const Error& e) {
        EXPECT_EQ(p, PipelineParameters{}) << text;
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << text;
    return {};
}

std::string parseErrorOf(const std::string& text) { return errorOf<std::runtime_error>(text); }
std::string valueErrorOf(const std::string& text) { return errorOf<std::invalid_argument>(text); }

}  // namespace

TEST(PresetText, AppliesAPreset) {
    PipelineParameters p;
    applyPresetText(p, R"({"format": "xrayprep-preset", "version": 1,
                           "parameters": {"median.size": 5, "threshold": {"method": "otsu"}}})");
    EXPECT_EQ(p.median.size, 5);
    EXPECT_EQ(p.threshold.method, ThresholdMethod::Otsu);
}

TEST(PresetText, RefusesWhatJsonDoesNotAllow) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"format": "xrayprep-preset\u00zz", "median.size": 5})", "4 hex digits"},
        {R"({"median.size": 5, "version": nan})", "invalid literal"},
        {R"({"median.size": 5, "version": inf})", "invalid literal"},
        {R"({"median.size": 01})", "unexpected number literal"},
        {R"({"format": "\ud800", "median.size": 5})", "surrogate U+D800..U+DBFF"},
    };
    for (const auto& [text, problem] : cases) {
        const std::string m = parseErrorOf(text);
        EXPECT_EQ(m.rfind("JSON parse error at line 1, column ", 0), 0u) << text << ": " << m;
        EXPECT_NE(m.find(problem), std::string::npos) << text << ": " << m;
    }
    const std::string m = parseErrorOf("{\n  \"median.size\": 5,\n  \"version\": nan\n}");
    EXPECT_NE(m.find("at line 3, column 15"), std::string::npos) << m;  // at "na"
}

TEST(PresetText, ABadEscapeSaysWhatIsWrong) {
    const std::string m = parseErrorOf(R"({"threshold.method": "\uzzzz"})");
    EXPECT_NE(m.find("'\\u' must be followed by 4 hex digits"), std::string::npos) << m;
    EXPECT_EQ(m.find("stoul"), std::string::npos) << m;
}

// The value comes back in the message, so its bytes show how the escape was read.
TEST(PresetText, ASurrogatePairIsOneUtf8Character) {
    const std::string m = valueErrorOf(R"({"threshold.method": "\ud83d\ude00"})");
    EXPECT_NE(m.find("got \"\xF0\x9F\x98\x80\""), std::string::npos) << m;
}

// Wrong types are std::invalid_argument naming the key, never nlohmann's type_error.
TEST(PresetText, WrongTypesNameTheKey) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"median.size": "seven"})", "parameter median.size: expected a number, got \"seven\""},
        {R"({"median": {"size": true}})", "parameter median.size: expected a number, got true"},
        {R"({"esf.rho": [1]})", "parameter esf.rho: expected a number, got [1]"},
        {R"({"threshold.method": 3})", "parameter threshold.method: expected one of"},
        {R"({"parameters": 5})", "preset: expected a JSON object"},
        {R"([1, 2])", "preset: expected a JSON object"},
        {R"({"median.size": 4.5})", "parameter median.size: 4.5 is not an integer"},
        {R"({"median.size": 1e3})", "parameter median.size: 1000 is outside 0..101"},
    };
    for (const auto& [text, message] : cases) {
        const std::string m = valueErrorOf(text);
        EXPECT_NE(m.find(message), std::string::npos) << text << ": " << m;
    }
}
