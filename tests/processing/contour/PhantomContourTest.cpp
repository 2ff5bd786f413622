#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "ContourTestUtil.h"
#include "processing/contour/ActiveContour.h"
#include "processing/median/MedianFilter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdApplier.h"
#include "processing/threshold/ThresholdSelector.h"

namespace xrayprep::processing {
namespace {

// The default-size phantom through the pipeline's stages with default parameters (median
// window from its pixel spacing, the method's threshold, Sobel), prepared once per view and
// threshold method. snake and chan-vese start from the threshold foreground, so they are
// paired with the source study's valley rule; regions with the default (background).
struct PreparedPhantom {
    Phantom phantom;
    Image median, thresholded, sobel;
    ThresholdResult threshold;
    double mmPerPixel = 0.0;
    [[nodiscard]] ContourInputs inputs() const {
        return {median, thresholded, sobel, threshold.value, threshold.backgroundValue, mmPerPixel};
    }
};

ThresholdMethod thresholdFor(ContourMethod m) {
    return m == ContourMethod::Regions ? ThresholdParams{}.method : ThresholdMethod::Valley;
}

const PreparedPhantom& prepared(PhantomView view, ThresholdMethod method) {
    static std::map<std::pair<PhantomView, ThresholdMethod>, std::unique_ptr<PreparedPhantom>>
        cache;
    auto& slot = cache[{view, method}];
    if (!slot) {
        slot = std::make_unique<PreparedPhantom>();
        PhantomParams pp;
        pp.view = view;
        slot->phantom = FootPhantom{}(pp);
        slot->mmPerPixel = slot->phantom.metadata.spacing->x;
        const ExecutionPolicy policy{availableCpuThreads()};
        MedianParams mp;
        mp.size = resolvedMedianSize(mp, slot->mmPerPixel);
        slot->median = MedianFilter{}(slot->phantom.image, mp, policy);
        ThresholdParams tp;
        tp.method = method;
        slot->threshold = ThresholdSelector{}(HistogramBuilder{}(slot->median, policy), tp);
        slot->thresholded = ThresholdApplier{}(slot->median, slot->threshold.value, policy);
        slot->sobel = SobelFilter{}(slot->thresholded, policy);
    }
    return *slot;
}

class PhantomContour : public ::testing::TestWithParam<std::tuple<PhantomView, ContourMethod>> {};

TEST_P(PhantomContour, DefaultParametersFindTheBonesAndDropMarkerAndText) {
    const auto [view, method] = GetParam();
    const PreparedPhantom& p = prepared(view, thresholdFor(method));
    ContourParams params;
    params.method = method;
    const ContourResult r =
        ActiveContour{}(p.inputs(), params, ExecutionPolicy{availableCpuThreads()});
    const double dice = test::dice(r.mask, p.phantom.truth);
    RecordProperty("dice", std::to_string(dice));
    EXPECT_GE(dice, 0.90);
    EXPECT_EQ(test::overlap(r.mask, p.phantom.markerMask), 0);
    EXPECT_EQ(test::overlap(r.mask, p.phantom.textMask), 0);
    EXPECT_EQ(test::overlap(r.mask, p.phantom.collimatorMask), 0);
    // The marker survives the median and the threshold, so it must be listed as discarded.
    bool listed = false;
    for (const std::string& d : r.discarded) {
        listed = listed || d.find("outside the anatomy") != std::string::npos ||
                 d.find("apart from the anatomy") != std::string::npos;
    }
    EXPECT_TRUE(listed);
    std::cout << "[ dice     ] " << toString(view) << " " << toString(method) << ": " << dice
              << " (" << r.contours.size() << " contours, " << r.iterations << " iterations)\n";
}

INSTANTIATE_TEST_SUITE_P(
    DefaultSize, PhantomContour,
    ::testing::Combine(::testing::Values(PhantomView::Planar, PhantomView::Lateral),
                       ::testing::Values(ContourMethod::Regions, ContourMethod::ChanVese,
                                         ContourMethod::Snake)),
    [](const auto& info) {
        const ContourMethod m = std::get<1>(info.param);
        return std::string(toString(std::get<0>(info.param))) + "_" +
               (m == ContourMethod::Snake
                    ? "snake"
                    : (m == ContourMethod::ChanVese ? "chanvese" : "regions"));
    });

}  // namespace
}  // namespace xrayprep::processing
