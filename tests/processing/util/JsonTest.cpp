#include <gtest/gtest.h>

#include "processing/util/Json.h"

using xrayprep::processing::Json;

TEST(Json, ParsesNestedDocument) {
    const Json j =
        Json::parse(R"({"a": 1.5, "b": [true, false, null], "c": {"d": "x\"y\n"}, "e": -2e3})");
    EXPECT_DOUBLE_EQ(j.find("a")->asNumber(), 1.5);
    EXPECT_TRUE(j.find("b")->asArray()[0].asBool());
    EXPECT_TRUE(j.find("b")->asArray()[2].isNull());
    EXPECT_EQ(j.find("c")->find("d")->asString(), "x\"y\n");
    EXPECT_DOUBLE_EQ(j.find("e")->asNumber(), -2000.0);
    EXPECT_EQ(j.find("zzz"), nullptr);
}

TEST(Json, DumpKeepsInsertionOrderAndRoundTrips) {
    Json j;
    j["zeta"] = 1;
    j["alpha"] = "text";
    j["list"].push_back(0.1);
    j["list"].push_back(3);
    const std::string compact = j.dump(-1);
    EXPECT_EQ(compact, R"({"zeta":1,"alpha":"text","list":[0.1,3]})");
    const Json back = Json::parse(j.dump(2));
    EXPECT_EQ(back.dump(-1), compact);
}

TEST(Json, ReportsWhereParsingFailed) {
    try {
        (void)Json::parse("{\n  \"a\": 1,\n  \"b\" 2\n}");
        FAIL() << "expected a parse error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)Json::parse("[1, 2"), std::runtime_error);
    EXPECT_THROW((void)Json::parse("{} x"), std::runtime_error);
    EXPECT_THROW((void)Json::parse("\"abc"), std::runtime_error);
}

TEST(Json, NonFiniteNumbersBecomeNull) {
    Json j = Json::array();
    j.push_back(1.0 / 0.0 * 0.0);
    EXPECT_EQ(j.dump(-1), "[null]");
}
