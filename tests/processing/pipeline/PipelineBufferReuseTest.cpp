// The pipeline offers the rasters of the result before the current one to the backend
// (HostBufferPool): a backend that takes them gets exactly those buffers back, the current
// result is never written, a failed run leaves it intact, and the CPU backends' results do not
// change.

#include <gtest/gtest.h>

#include <stdexcept>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/HostBufferPool.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/processing/pipeline/SerialStagesBackend.h"

using namespace xrayprep::processing;

namespace {

// The serial CPU stages, with the median written into a pooled raster when one is offered.
class PoolingBackend final : public test::SerialStagesBackend {
  public:
    PoolingBackend() : SerialStagesBackend("pooling") {}
    HostBufferPool* pool = nullptr;
    const void* lastMedianBuffer = nullptr;
    bool failInContour = false;

    void useHostBuffers(HostBufferPool* p) override { pool = p; }
    StageImage medianStage(ImageInput in, const MedianParams& p) override {
        const Image computed = cpu.median(in.host, p);
        const Image& like = in.host;
        Image out = pool != nullptr
                        ? pool->takeImage(like.width(), like.height(), like.bitsStored())
                        : Image(like.width(), like.height(), like.bitsStored());
        std::copy(computed.pixels().begin(), computed.pixels().end(), out.pixels().begin());
        lastMedianBuffer = out.data();
        return out;
    }

  protected:
    void entering(Call call) override {
        if (call == Call::Contour && failInContour) throw std::runtime_error("contour failed");
    }
};

Image ramp() {
    Image img(64, 48, 12, 0);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const int dx = x - 30, dy = y - 24;
            img.at(x, y) = static_cast<std::uint16_t>(dx * dx + dy * dy < 15 * 15 ? 3000 : 300 + x);
        }
    }
    return img;
}

}  // namespace

TEST(PipelineBuffers, EveryOtherRunReusesTheSpareRasters) {
    auto backend = std::make_shared<PoolingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(ramp());
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 3;
    const Image reference = pipeline.run(params).median;
    const void* first = backend->lastMedianBuffer;
    EXPECT_EQ(pipeline.result().median.data(), first);
    EXPECT_GT(pipeline.result().runMilliseconds, 0.0);

    pipeline.run(params, StageId::Median);  // the first result becomes the spare
    const void* second = backend->lastMedianBuffer;
    EXPECT_NE(second, first) << "the current result must not be written by the next run";
    EXPECT_EQ(pipeline.result().median, reference);

    pipeline.run(params, StageId::Median);  // computed into the first result's raster
    EXPECT_EQ(backend->lastMedianBuffer, first);
    EXPECT_EQ(pipeline.result().median, reference);
    pipeline.run(params, StageId::Median);
    EXPECT_EQ(backend->lastMedianBuffer, second);
    EXPECT_EQ(pipeline.result().median, reference);
}

TEST(PipelineBuffers, FailedRunLeavesTheResultIntact) {
    auto backend = std::make_shared<PoolingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(ramp());
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 3;
    pipeline.run(params);
    pipeline.run(params, StageId::Median);
    const PipelineResult before = pipeline.result();
    backend->failInContour = true;
    EXPECT_THROW(pipeline.run(params, StageId::Median), std::runtime_error);
    EXPECT_EQ(pipeline.result().median, before.median);
    EXPECT_EQ(pipeline.result().contour.mask, before.contour.mask);
    EXPECT_EQ(pipeline.result().esf.field, before.esf.field);
    backend->failInContour = false;
    // The next run still works and gives the same result.
    EXPECT_EQ(pipeline.run(params, StageId::Median).final, before.final);
}

TEST(PipelineBuffers, LaterStageRunKeepsEarlierOutputs) {
    auto backend = std::make_shared<PoolingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(ramp());
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 3;
    // A ramp has no bones for the regions method; the level set still splits it, so the mask
    // and the ESF are not empty.
    params.threshold.method = ThresholdMethod::Valley;
    params.contour.method = ContourMethod::ChanVese;
    const PipelineResult first = pipeline.run(params);
    params.esf.iterations = 4;
    const PipelineResult& second = pipeline.run(params);
    EXPECT_EQ(second.median, first.median);
    EXPECT_EQ(second.sobel, first.sobel);
    EXPECT_EQ(second.contour.mask, first.contour.mask);
    EXPECT_EQ(second.milliseconds[0], first.milliseconds[0]);
    EXPECT_NE(second.esf.field, first.esf.field);
}

TEST(HostBufferPool, TakesOnlyMatchingRasters) {
    HostBufferPool pool;
    Image a(4, 3, 12, 7);
    const void* pa = a.data();
    pool.add(std::move(a));
    pool.add(Mask(4, 3, 1));
    const Image other = pool.takeImage(4, 3, 16);  // another depth: a new one
    EXPECT_NE(other.data(), pa);
    EXPECT_EQ(other.bitsStored(), 16);
    const Image same = pool.takeImage(4, 3, 12);
    EXPECT_EQ(same.data(), pa);
    EXPECT_EQ(pool.takeMask(3, 4).width(), 3);
    EXPECT_EQ(pool.takeMask(4, 3).at(0, 0), 1);  // the pooled one (content unspecified)
    EXPECT_TRUE(pool.empty());
    EXPECT_EQ(pool.takeField(2, 2).size(), 4u);
}
