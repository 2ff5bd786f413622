// parseJson and dumpJson: the thin layer over nlohmann-json that presets, sessions and reports
// go through (its messages and its number text are what users and the docs see).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "processing/util/Json.h"

using xrayprep::processing::dumpJson;
using xrayprep::processing::Json;
using xrayprep::processing::parseJson;

namespace {

std::string parseErrorOf(const std::string& text) {
    try {
        (void)parseJson(text);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    ADD_FAILURE() << "parsed: " << text;
    return {};
}

}  // namespace

TEST(Json, ParsesNestedDocument) {
    const Json j =
        parseJson(R"({"a": 1.5, "b": [true, false, null], "c": {"d": "x\"y\n"}, "e": -2e3})");
    EXPECT_DOUBLE_EQ(j.at("a").get<double>(), 1.5);
    EXPECT_TRUE(j.at("b")[0].get<bool>());
    EXPECT_TRUE(j.at("b")[2].is_null());
    EXPECT_EQ(j.at("c").at("d").get<std::string>(), "x\"y\n");
    EXPECT_DOUBLE_EQ(j.at("e").get<double>(), -2000.0);
    EXPECT_FALSE(j.contains("zzz"));
}

TEST(Json, DumpKeepsInsertionOrderAndRoundTrips) {
    Json j;
    j["zeta"] = 1;
    j["alpha"] = "text";
    j["list"].push_back(0.1);
    j["list"].push_back(3);
    const std::string compact = dumpJson(j, -1);
    EXPECT_EQ(compact, R"({"zeta":1,"alpha":"text","list":[0.1,3]})");
    EXPECT_EQ(dumpJson(parseJson(dumpJson(j))), dumpJson(j));
    EXPECT_EQ(dumpJson(parseJson(dumpJson(j)), -1), compact);
}

// Reports always printed whole numbers as integers; nlohmann alone would print "3.0".
TEST(Json, WholeNumbersPrintWithoutAFraction) {
    Json j = Json::object();
    j["whole"] = 3.0;
    j["negative"] = -42.0;
    j["fraction"] = 0.15;
    j["large"] = 1e300;
    j["nested"] = Json::array();
    j["nested"].push_back(2.0);
    EXPECT_EQ(dumpJson(j, -1),
              R"({"whole":3,"negative":-42,"fraction":0.15,"large":1e+300,"nested":[2]})");
    EXPECT_EQ(dumpJson(j),
              "{\n  \"whole\": 3,\n  \"negative\": -42,\n  \"fraction\": 0.15,\n"
              "  \"large\": 1e+300,\n  \"nested\": [\n    2\n  ]\n}");
}

TEST(Json, NonFiniteNumbersBecomeNull) {
    Json j = Json::array();
    j.push_back(std::numeric_limits<double>::quiet_NaN());
    j.push_back(std::numeric_limits<double>::infinity());
    EXPECT_EQ(dumpJson(j, -1), "[null,null]");
}

// A file name from the command line need not be UTF-8; the report is still written.
TEST(Json, InvalidUtf8IsReplacedNotThrown) {
    const Json j = std::string("caf\xE9.dcm");
    EXPECT_EQ(dumpJson(j, -1), "\"caf\xEF\xBF\xBD.dcm\"");
}

TEST(Json, ReportsWhereParsingFailed) {
    // Line and column of the offending token, counted from the start of the text.
    const std::string m = parseErrorOf("{\n  \"a\": 1,\n  \"b\" 2\n}");
    EXPECT_EQ(m.rfind("JSON parse error at line 3, column 7: ", 0), 0u) << m;
    EXPECT_NE(m.find("expected ':'"), std::string::npos) << m;
    EXPECT_NE(parseErrorOf("[1, 2").find("unexpected end of input"), std::string::npos);
    EXPECT_NE(parseErrorOf("{} x").find("line 1, column 4"), std::string::npos);
    EXPECT_NE(parseErrorOf("\"abc").find("missing closing quote"), std::string::npos);
    EXPECT_NE(parseErrorOf("1e400").find("number overflow"), std::string::npos);
    // No nlohmann exception prefix, and the quoted token is cut short.
    const std::string long_ = parseErrorOf("\"" + std::string(100000, 'x'));
    EXPECT_EQ(long_.find("[json.exception"), std::string::npos) << long_;
    EXPECT_LT(long_.size(), 300u);
}

// Issue 14: the hand-written parser took "\u00zz" for NUL, accepted nan, inf and 01, wrote a
// lone surrogate as (invalid) UTF-8 and answered "\uzzzz" with "stoul".
TEST(Json, RefusesWhatJsonDoesNotAllow) {
    const std::pair<const char*, const char*> cases[] = {
        {R"("\u00zz")", "'\\u' must be followed by 4 hex digits"},
        {R"("\uzzzz")", "'\\u' must be followed by 4 hex digits"},
        {"nan", "invalid literal"},
        {"inf", "invalid literal"},
        {"-inf", "invalid number"},
        {"01", "unexpected number literal"},
        {R"("\ud800")", "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF"},
        {R"("\udc00")", "surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF"},
    };
    for (const auto& [text, problem] : cases) {
        const std::string m = parseErrorOf(text);
        EXPECT_EQ(m.rfind("JSON parse error at line 1, column ", 0), 0u) << text << ": " << m;
        EXPECT_NE(m.find(problem), std::string::npos) << text << ": " << m;
        EXPECT_EQ(m.find("stoul"), std::string::npos) << m;
    }
}

TEST(Json, SurrogatePairsBecomeOneUtf8Character) {
    EXPECT_EQ(parseJson(R"("\ud83d\ude00")").get<std::string>(), "\xF0\x9F\x98\x80");
    EXPECT_EQ(parseJson(R"("\u00e9")").get<std::string>(), "\xC3\xA9");
}
