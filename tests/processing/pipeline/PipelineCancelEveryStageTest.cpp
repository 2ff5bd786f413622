// A cancelled or failed run, at any stage and from any start stage, leaves the previous result
// bit for bit as it was, and the pipeline still computes the right result afterwards.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/processing/pipeline/SerialStagesBackend.h"

using namespace xrayprep::processing;

namespace {

// Runs the CPU backend, but at entry to stage `trapStage` cancels the token (the stage then
// runs on; the pipeline or the stage itself notices) or throws, as `mode` says. With `offHost`
// it says it computes off the host, so the pipeline runs the ESF stage beside the mask checks.
class TrapBackend final : public test::SerialStagesBackend {
  public:
    enum class Mode { None, CancelInside, Fail };
    TrapBackend() : SerialStagesBackend("trap") {}
    Mode mode = Mode::None;
    int trapStage = -1;
    CancelToken* token = nullptr;
    bool offHost = false;
    [[nodiscard]] bool computesOffHost() const override { return offHost; }

  protected:
    // The threshold stage's trap is at its first call, the histogram.
    void entering(Call call) override {
        switch (call) {
            case Call::Median:
                return spring(StageId::Median);
            case Call::Histogram:
                return spring(StageId::Threshold);
            case Call::Threshold:
                return;
            case Call::Sobel:
                return spring(StageId::Sobel);
            case Call::Contour:
                return spring(StageId::Contour);
            case Call::Mask:
                return spring(StageId::Mask);
            case Call::Esf:
                return spring(StageId::Esf);
        }
    }

  private:
    void spring(StageId s) {
        if (stageIndex(s) != trapStage) return;
        if (mode == Mode::CancelInside && token) token->cancel();
        if (mode == Mode::Fail) throw std::runtime_error("injected failure");
    }
};

Image blobs() {
    Image img(96, 80, 12, 200);
    std::mt19937 rng(7);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const int dx = x - 48, dy = y - 40;
            auto v = static_cast<std::uint16_t>(200 + rng() % 40);
            if (dx * dx + dy * dy < 35 * 35) v = static_cast<std::uint16_t>(1500 + rng() % 40);
            if ((x - 38) * (x - 38) + dy * dy < 8 * 8) v = 3200;
            if ((x - 60) * (x - 60) + (y - 45) * (y - 45) < 7 * 7) v = 3000;
            img.at(x, y) = v;
        }
    }
    return img;
}

PipelineParameters baseParameters() {
    PipelineParameters p;
    p.median.size = 3;
    p.esf.iterations = 4;
    return p;
}

// A change whose first stage to run is `start` (median, threshold, contour or esf).
PipelineParameters changedFrom(StageId start) {
    PipelineParameters p = baseParameters();
    switch (start) {
        case StageId::Median:
            p.median.size = 5;
            break;
        case StageId::Threshold:
            p.threshold.method = ThresholdMethod::Otsu;
            break;
        case StageId::Contour:
            p.contour.method = p.contour.method == ContourMethod::Snake ? ContourMethod::ChanVese
                                                                        : ContourMethod::Snake;
            break;
        default:
            p.esf.iterations = 9;
            break;
    }
    return p;
}

bool sameBits(const FloatImage& a, const FloatImage& b) {
    return a.sameSize(b) && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Every output compared exactly; `withTimes` also the stage times, which only an untouched
// result keeps (a recomputed one has new times).
void expectSameResult(const PipelineResult& a, const PipelineResult& b, bool withTimes,
                      const std::string& where) {
    SCOPED_TRACE(where);
    EXPECT_EQ(a.median, b.median);
    EXPECT_EQ(a.histogram, b.histogram);
    EXPECT_EQ(a.threshold.bin, b.threshold.bin);
    EXPECT_EQ(a.threshold.value, b.threshold.value);
    EXPECT_EQ(a.threshold.used, b.threshold.used);
    EXPECT_EQ(a.threshold.troughs, b.threshold.troughs);
    EXPECT_EQ(a.thresholded, b.thresholded);
    EXPECT_EQ(a.sobel, b.sobel);
    EXPECT_EQ(a.contour.contours, b.contour.contours);
    EXPECT_EQ(a.contour.mask, b.contour.mask);
    EXPECT_EQ(a.contour.discarded, b.contour.discarded);
    EXPECT_EQ(a.contour.iterations, b.contour.iterations);
    EXPECT_EQ(a.final, b.final);
    EXPECT_TRUE(sameBits(a.esf.field, b.esf.field));
    EXPECT_EQ(a.esf.iterations, b.esf.iterations);
    EXPECT_EQ(a.parameters, b.parameters);
    for (StageId s : kAllStages) EXPECT_EQ(a.has(s), b.has(s)) << toString(s);
    if (withTimes) {
        EXPECT_EQ(a.milliseconds, b.milliseconds);
        EXPECT_EQ(a.runMilliseconds, b.runMilliseconds);
    }
}

PipelineResult referenceRun(const PipelineParameters& params) {
    Pipeline fresh(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    fresh.setInput(blobs());
    return fresh.run(params);
}

constexpr StageId kStarts[] = {StageId::Median, StageId::Threshold, StageId::Contour, StageId::Esf};

// After an interrupted run: the previous result is untouched, the same change is still
// pending, and running it now gives the reference result.
void expectPreviousKeptAndRecovery(Pipeline& pipeline, const PipelineResult& before,
                                   const PipelineParameters& changed, StageId start,
                                   const std::string& where) {
    expectSameResult(pipeline.result(), before, true, where + " (previous kept)");
    EXPECT_EQ(pipeline.firstStageToRun(changed), start) << where;
    expectSameResult(pipeline.run(changed), referenceRun(changed), false, where + " (rerun)");
}

// A backend that computes off the host: the ESF stage runs on another thread while the mask
// checks run; the result and the order in which an observer sees the stages are those of a
// host backend.
TEST(PipelineCancel, OffHostTheEsfRunsBesideTheChecksWithTheSameResult) {
    class Watched final : public test::SerialStagesBackend {
      public:
        Watched() : SerialStagesBackend("off host") {}
        [[nodiscard]] bool computesOffHost() const override { return true; }
        std::thread::id esfThread;

      protected:
        void entering(Call call) override {
            if (call == Call::Esf) esfThread = std::this_thread::get_id();
        }
    };
    for (StageId start : kStarts) {
        auto backend = std::make_shared<Watched>();
        Pipeline pipeline(backend);
        pipeline.setInput(blobs());
        (void)pipeline.run(baseParameters());
        const PipelineParameters changed = changedFrom(start);
        std::vector<StageId> seen;
        const PipelineResult& r =
            pipeline.run(changed, std::nullopt, [&](StageId s, const PipelineResult& partial) {
                seen.push_back(s);
                if (s == StageId::Mask) {
                    EXPECT_FALSE(partial.quality.checks.empty());
                }
            });
        expectSameResult(r, referenceRun(changed), false, toString(start));
        EXPECT_EQ(r.quality, referenceRun(changed).quality);
        std::vector<StageId> expected;
        for (int i = stageIndex(start); i < kStageCount; ++i) expected.push_back(StageId(i));
        EXPECT_EQ(seen, expected) << toString(start);
        if (start != StageId::Esf) {  // a run of the ESF alone has no checks to overlap
            EXPECT_NE(backend->esfThread, std::this_thread::get_id()) << toString(start);
        }
        for (int i = stageIndex(start); i < kStageCount; ++i)
            EXPECT_TRUE(r.milliseconds[i].has_value()) << toString(StageId(i));
    }
}

}  // namespace

TEST(PipelineCancel, CancelFromTheObserverAfterEachStageKeepsThePreviousResult) {
    for (StageId start : kStarts) {
        for (StageId at : kAllStages) {
            if (stageIndex(at) < stageIndex(start)) continue;  // that stage does not run
            const std::string where =
                std::string("start ") + toString(start) + ", cancel after " + toString(at);
            Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
            pipeline.setInput(blobs());
            const PipelineResult before = pipeline.run(baseParameters());
            const PipelineParameters changed = changedFrom(start);
            ASSERT_EQ(pipeline.firstStageToRun(changed), start);
            CancelToken token;
            const auto observer = [&](StageId s, const PipelineResult&) {
                if (s == at) token.cancel();
            };
            bool cancelled = false;
            try {
                pipeline.run(changed, std::nullopt, observer, &token);
            } catch (const Cancelled&) {
                cancelled = true;
            }
            // Even after the last stage the run is refused as a whole: never a mix of the old
            // and the new result, and never a result the caller said it does not want.
            EXPECT_TRUE(cancelled) << where;
            expectPreviousKeptAndRecovery(pipeline, before, changed, start, where);
        }
    }
}

// For every start stage and every stage `at` from it on, on a host and an off-host backend:
// a pipeline with the base result and a trap at `at`, handed to
// check(pipeline, backend, before, changed, start, where).
template <typename Check>
void forEveryTrap(const std::string& what, Check check) {
    for (const bool offHost : {false, true}) {
        for (StageId start : kStarts) {
            for (StageId at : kAllStages) {
                if (stageIndex(at) < stageIndex(start)) continue;
                const std::string where = std::string(offHost ? "off host, " : "") + "start " +
                                          toString(start) + ", " + what + " " + toString(at);
                auto backend = std::make_shared<TrapBackend>();
                backend->offHost = offHost;
                Pipeline pipeline(backend);
                pipeline.setInput(blobs());
                const PipelineResult before = pipeline.run(baseParameters());
                backend->trapStage = stageIndex(at);
                check(pipeline, *backend, before, changedFrom(start), start, where);
            }
        }
    }
}

TEST(PipelineCancel, CancelDuringEachStageKeepsThePreviousResult) {
    forEveryTrap("cancel during",
                 [](Pipeline& pipeline, TrapBackend& backend, const PipelineResult& before,
                    const PipelineParameters& changed, StageId start, const std::string& where) {
                     CancelToken token;
                     backend.token = &token;
                     backend.mode = TrapBackend::Mode::CancelInside;
                     bool cancelled = false;
                     try {
                         pipeline.run(changed, std::nullopt, {}, &token);
                     } catch (const Cancelled&) {
                         cancelled = true;
                     }
                     backend.mode = TrapBackend::Mode::None;
                     EXPECT_TRUE(cancelled) << where;
                     expectPreviousKeptAndRecovery(pipeline, before, changed, start, where);
                 });
}

TEST(PipelineCancel, AFailureInEachStageKeepsThePreviousResult) {
    forEveryTrap("failure in",
                 [](Pipeline& pipeline, TrapBackend& backend, const PipelineResult& before,
                    const PipelineParameters& changed, StageId start, const std::string& where) {
                     backend.mode = TrapBackend::Mode::Fail;
                     EXPECT_THROW(pipeline.run(changed), std::runtime_error) << where;
                     backend.mode = TrapBackend::Mode::None;
                     expectPreviousKeptAndRecovery(pipeline, before, changed, start, where);
                 });
}

TEST(PipelineCancel, ACancelledFirstRunLeavesNoResult) {
    Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    pipeline.setInput(blobs());
    CancelToken token;
    token.cancel();
    EXPECT_THROW(pipeline.run(baseParameters(), std::nullopt, {}, &token), Cancelled);
    for (StageId s : kAllStages) EXPECT_FALSE(pipeline.result().has(s)) << toString(s);
    EXPECT_EQ(pipeline.firstStageToRun(baseParameters()), StageId::Median);
    expectSameResult(pipeline.run(baseParameters()), referenceRun(baseParameters()), false,
                     "after a cancelled first run");
}
