#include <gtest/gtest.h>

#include "processing/pipeline/ParameterRegistry.h"

using namespace xrayprep::processing;

TEST(ParameterRegistry, SetsValuesByTheirSpecNames) {
    PipelineParameters p;
    setParameterFromText(p, "median.size=5");
    setParameterFromText(p, "threshold.method=otsu");
    setParameterFromText(p, "threshold.minPeakFraction=0.2");
    setParameterFromText(p, "contour.method=snake");
    setParameterFromText(p, "esf.rho=16");
    setParameterFromText(p, "esf.dt=0.1");
    setParameterFromText(p, "esf.iterations=10");
    setParameterFromText(p, "esf.mode=converged");
    setParameterFromText(p, "esf.shape=mask");
    EXPECT_EQ(p.median.size, 5);
    EXPECT_EQ(p.threshold.method, ThresholdMethod::Otsu);
    EXPECT_DOUBLE_EQ(p.threshold.minPeakFraction, 0.2);
    EXPECT_EQ(p.contour.method, ContourMethod::Snake);
    EXPECT_DOUBLE_EQ(p.esf.rho, 16.0);
    EXPECT_DOUBLE_EQ(p.esf.dt, 0.1);
    EXPECT_EQ(p.esf.iterations, 10);
    EXPECT_EQ(p.esf.mode, EsfMode::Converged);
    EXPECT_EQ(p.esf.shape, EsfShape::Mask);
}

TEST(ParameterRegistry, RejectsBadValuesWithTheKeyInTheMessage) {
    PipelineParameters p;
    const std::vector<std::string> bad = {"median.size=4",
                                          "median.size=103",
                                          "median.size=abc",
                                          "median.size=3.5",
                                          "threshold.method=magic",
                                          "nosuch.param=1",
                                          "median.size",
                                          "=3",
                                          "esf.dt=0.3",
                                          "threshold.minPeakFraction=1.5"};
    for (const auto& b : bad) {
        try {
            setParameterFromText(p, b);
            ADD_FAILURE() << "accepted " << b;
        } catch (const std::invalid_argument& e) {
            const std::string key = b.substr(0, b.find('='));
            if (!key.empty() && b.find('=') != std::string::npos) {
                EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
            }
        }
    }
    EXPECT_EQ(p, PipelineParameters{});  // nothing changed
}

TEST(ParameterRegistry, PresetRoundTripAndNestedForm) {
    PipelineParameters p;
    p.median.size = 7;
    p.threshold.method = ThresholdMethod::Manual;
    p.threshold.manualValue = 1000;
    p.esf.rho = 12.5;
    const Json preset = parseJson(dumpJson(presetJson(p)));
    PipelineParameters q;
    applyParametersJson(q, preset);
    EXPECT_EQ(q, p);

    PipelineParameters r;
    applyParametersJson(r, parseJson(R"({"median": {"size": 9}, "esf.iterations": 3})"));
    EXPECT_EQ(r.median.size, 9);
    EXPECT_EQ(r.esf.iterations, 3);

    PipelineParameters s;
    EXPECT_THROW(applyParametersJson(s, parseJson(R"({"median.size": 9, "bogus": 1})")),
                 std::invalid_argument);
    EXPECT_EQ(s, PipelineParameters{});  // all or nothing
}

TEST(ParameterRegistry, EveryDescriptorReadsBackWhatItWrites) {
    const PipelineParameters defaults;
    const Json all = parametersToJson(defaults);
    for (const auto& d : parameterDescriptors()) {
        ASSERT_TRUE(all.contains(d.key)) << d.key;
        PipelineParameters p;
        d.set(p, all.at(d.key));
        EXPECT_EQ(p, defaults) << d.key;
        EXPECT_FALSE(d.help.empty()) << d.key;
    }
}
