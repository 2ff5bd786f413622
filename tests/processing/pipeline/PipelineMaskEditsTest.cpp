#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "processing/contour/ContourTracer.h"
#include "processing/edit/MaskEditTools.h"
#include "processing/edit/MaskEdits.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"

using namespace xrayprep::processing;

namespace {

Phantom smallPhantom() {
    PhantomParams pp;
    pp.width = 730;
    pp.height = 580;
    return FootPhantom{}(pp);
}

PipelineParameters quickParameters() {
    PipelineParameters params;
    params.median.size = 7;
    params.esf.iterations = 20;
    return params;
}

// A square of the image's pixels that the automatic mask leaves out (soft tissue or air), and
// the centre of one bone piece of it.
struct Scene {
    Contour addedSquare;
    PixelPoint bone;
};

Scene sceneOf(const Mask& automatic) {
    Scene s;
    // The first 6 x 6 block (pixel centres) fully outside the mask, in raster order.
    bool found = false;
    for (int y = 10; y + 6 < automatic.height() && !found; y += 6) {
        for (int x = 10; x + 6 < automatic.width() && !found; x += 6) {
            bool empty = true;
            for (int yy = y; yy < y + 6 && empty; ++yy)
                for (int xx = x; xx < x + 6 && empty; ++xx) empty = automatic.at(xx, yy) == 0;
            if (empty) {
                const float x0 = static_cast<float>(x) - 0.5f, y0 = static_cast<float>(y) - 0.5f;
                s.addedSquare.points = {{x0, y0}, {x0 + 6, y0}, {x0 + 6, y0 + 6}, {x0, y0 + 6}};
                found = true;
            }
        }
    }
    for (int i = 0; i < static_cast<int>(automatic.pixels().size()); ++i) {
        if (automatic.data()[i] != 0) {
            s.bone = {i % automatic.width(), i / automatic.width()};
            break;
        }
    }
    return s;
}

// The phantom is made once; each test gets a pipeline that has made its automatic result.
class PipelineMaskEdits : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { phantom_ = std::make_unique<Phantom>(smallPhantom()); }
    static void TearDownTestSuite() { phantom_.reset(); }

    std::unique_ptr<Pipeline> started(BackendKind kind, int threads) {
        auto pipeline = std::make_unique<Pipeline>(std::make_shared<CpuBackend>(kind, threads));
        pipeline->setInput(phantom_->image);
        automatic_ = pipeline->run(params_);
        return pipeline;
    }

    static std::unique_ptr<Phantom> phantom_;
    PipelineParameters params_ = quickParameters();
    PipelineResult automatic_;
};

std::unique_ptr<Phantom> PipelineMaskEdits::phantom_;

}  // namespace

TEST_F(PipelineMaskEdits, EditsReachTheMaskTheFinalImageAndTheEsf) {
    const auto pipeline = started(BackendKind::OpenMP, 2);
    const PipelineParameters& params = params_;
    const Phantom& phantom = *phantom_;
    const PipelineResult& automatic = automatic_;
    const Mask autoMask = automatic.contour.mask;
    const Scene scene = sceneOf(autoMask);
    ASSERT_EQ(scene.addedSquare.points.size(), 4u);

    // The user adds a square and removes the first bone piece.
    const MaskEditTools tools;
    const Mask edited =
        tools.removeRegion(tools.polygon(autoMask, scene.addedSquare, true), scene.bone);
    MaskEdits edits;
    edits.record(autoMask, edited);
    pipeline->setMaskEdits(edits);
    ASSERT_EQ(pipeline->firstStageToRun(params), StageId::Mask);
    const PipelineResult r = pipeline->run(params);

    EXPECT_EQ(r.contour.mask, edited);
    EXPECT_EQ(r.automaticMask, autoMask);
    // The final image: the input's values inside the edited mask, 0 elsewhere.
    for (std::size_t i = 0; i < edited.pixels().size(); ++i) {
        ASSERT_EQ(r.final.data()[i], edited.data()[i] ? phantom.image.data()[i] : 0) << i;
    }
    EXPECT_NE(r.esf.field, automatic.esf.field);
    // The contours are the edited mask's outline, as a trace of the whole image gives it
    // (the pipeline traces the mask's bounding box only)...
    FloatImage field(edited.width(), edited.height());
    for (std::size_t i = 0; i < edited.pixels().size(); ++i) {
        field.data()[i] = edited.data()[i] != 0 ? 1.0f : 0.0f;
    }
    EXPECT_EQ(r.contour.contours, ContourTracer{}(field, 0.5f, SaddleRule::ConnectInside));
    // ... and filled again they give the mask's area back.
    double area = 0.0;
    for (const Contour& c : r.contour.contours) {
        for (std::size_t k = 0; k < c.points.size(); ++k) {
            const Point2f a = c.points[k], b = c.points[(k + 1) % c.points.size()];
            area += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
        }
    }
    std::int64_t pixels = 0;
    for (auto v : edited.pixels()) pixels += v;
    EXPECT_NEAR(std::abs(area) / 2.0, static_cast<double>(pixels), 0.02 * pixels);
}

TEST_F(PipelineMaskEdits, EditsAreKeptWhenAnEarlierStageReRuns) {
    const auto pipeline = started(BackendKind::Serial, 1);
    PipelineParameters params = params_;
    const Phantom& phantom = *phantom_;
    const Mask autoMask = automatic_.contour.mask;
    const Scene scene = sceneOf(autoMask);
    MaskEdits edits;
    edits.record(autoMask, MaskEditTools{}.polygon(autoMask, scene.addedSquare, true));
    pipeline->setMaskEdits(edits);
    (void)pipeline->run(params);

    // The contour stage re-runs with another parameter: its new mask gets the same edits.
    params.contour.closeMm = params.contour.closeMm + 1.0;
    ASSERT_EQ(pipeline->firstStageToRun(params), StageId::Contour);
    const PipelineResult r = pipeline->run(params);
    ASSERT_FALSE(r.automaticMask.empty());
    EXPECT_EQ(r.contour.mask, edits.applyTo(r.automaticMask));
    for (int y = 0; y < r.contour.mask.height(); ++y) {
        for (int x = 0; x < r.contour.mask.width(); ++x) {
            if (edits.layer().at(x, y) == MaskEdits::kAdded) {
                ASSERT_EQ(r.contour.mask.at(x, y), 1);
            }
        }
    }
    // The same run from scratch without edits gives the automatic mask the edits went on.
    Pipeline fresh(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    fresh.setInput(phantom.image);
    EXPECT_EQ(fresh.run(params).contour.mask, r.automaticMask);
}

TEST_F(PipelineMaskEdits, ClearingTheEditsGivesTheAutomaticResultBack) {
    const auto pipeline = started(BackendKind::Serial, 1);
    const PipelineParameters& params = params_;
    const PipelineResult& automatic = automatic_;
    const Scene scene = sceneOf(automatic.contour.mask);
    MaskEdits edits;
    edits.record(automatic.contour.mask,
                 MaskEditTools{}.removeRegion(automatic.contour.mask, scene.bone));
    pipeline->setMaskEdits(edits);
    (void)pipeline->run(params);
    pipeline->setMaskEdits(MaskEdits{});
    const PipelineResult r = pipeline->run(params);
    EXPECT_EQ(r.contour.mask, automatic.contour.mask);
    EXPECT_EQ(r.contour.contours, automatic.contour.contours);
    EXPECT_EQ(r.final, automatic.final);
    EXPECT_EQ(r.esf.field, automatic.esf.field);
    EXPECT_TRUE(r.automaticMask.empty());
}

TEST_F(PipelineMaskEdits, ReportsAddedPixelsOutsideTheAnatomyAndRefusesOtherSizes) {
    const auto pipeline = started(BackendKind::Serial, 1);
    const PipelineParameters& params = params_;
    const PipelineResult& automatic = automatic_;
    // A dot in the image's corner: air, outside the anatomy.
    const Mask& m = automatic.contour.mask;
    ASSERT_EQ(automatic.contour.anatomy.at(0, 0), 0);
    MaskEdits edits;
    edits.record(m, MaskEditTools{}.brush(m, {{0.0f, 0.0f}}, 1.0, true));
    pipeline->setMaskEdits(edits);
    EXPECT_EQ(pipeline->run(params).editsOutsideAnatomy, 3);
    MaskEdits wrong;
    wrong.record(Mask(5, 5, 0), Mask(5, 5, 1));
    EXPECT_THROW(pipeline->setMaskEdits(wrong), std::invalid_argument);
    // A new input clears the edits.
    pipeline->setInput(phantom_->image);
    EXPECT_TRUE(pipeline->maskEdits().empty());
}
