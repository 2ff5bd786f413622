// The pipeline hands every stage the device copies of its inputs that the backend made
// (ComputeBackend, DeviceCopy): a backend that labels its copies records what each stage was
// given. Checked: within a run, in a later run that starts after a stage (its copies are
// reused, the others made again), and after a new input or backend (none kept).

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"

using namespace xrayprep::processing;

namespace {

// A device copy that names what it is a copy of and which copy it is.
class LabelledCopy final : public DeviceCopy {
  public:
    LabelledCopy(const void* maker, int w, int h, std::string label)
        : DeviceCopy(maker, w, h), label(std::move(label)) {}
    std::string label;
};

// The serial CPU stages, with labelled device copies: each output's copy is "<stage>#<n>",
// n counting the copies made; each stage records the labels it was given ("-": none).
class LabellingBackend final : public ComputeBackend {
  public:
    CpuBackend cpu{BackendKind::Serial, 1};
    std::map<std::string, std::string> given;  // stage input -> label
    int made = 0;

    BackendKind kind() const override { return BackendKind::Serial; }
    std::string description() const override { return "labelling"; }

    DeviceCopyHandle deviceCopy(const Image& image) override {
        return label("image", image.width(), image.height());
    }
    DeviceCopyHandle deviceCopy(const Mask& mask) override {
        return label("mask", mask.width(), mask.height());
    }
    StageImage medianStage(ImageInput in, const MedianParams& p) override {
        record("median.input", in.device);
        return {cpu.median(in.host, p), label("median", in.host.width(), in.host.height())};
    }
    Histogram histogramStage(ImageInput in) override {
        record("histogram.input", in.device);
        return cpu.histogram(in.host);
    }
    StageImage thresholdStage(ImageInput in, std::uint16_t cut) override {
        record("threshold.input", in.device);
        return {cpu.threshold(in.host, cut),
                label("thresholded", in.host.width(), in.host.height())};
    }
    StageImage sobelStage(ImageInput in) override {
        record("sobel.input", in.device);
        return {cpu.sobel(in.host), label("sobel", in.host.width(), in.host.height())};
    }
    ContourResult activeContour(const ContourInputs& in, const ContourParams& p,
                                const CancelToken* c) override {
        record("contour.median", in.medianDevice);
        record("contour.thresholded", in.thresholdedDevice);
        record("contour.sobel", in.sobelDevice);
        record("contour.radiograph", in.radiographDevice);
        return cpu.activeContour(in, p, c);
    }
    StageImage applyMaskStage(ImageInput original, MaskInput mask) override {
        record("mask.original", original.device);
        record("mask.mask", mask.device);
        return {cpu.applyMask(original.host, mask.host),
                label("final", original.host.width(), original.host.height())};
    }
    EsfResult esfStage(MaskInput mask, const EsfParams& p) override {
        record("esf.mask", mask.device);
        return cpu.esf(mask.host, p);
    }

  private:
    DeviceCopyHandle label(const std::string& what, int w, int h) {
        return std::make_shared<LabelledCopy>(this, w, h, what + "#" + std::to_string(++made));
    }
    void record(const std::string& input, const DeviceCopy* copy) {
        const auto* labelled = dynamic_cast<const LabelledCopy*>(copy);
        given[input] = labelled ? labelled->label : "-";
    }
};

Image disc() {
    Image img(90, 70, 12, 300);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const int dx = x - 45, dy = y - 35;
            if (dx * dx + dy * dy < 25 * 25) img.at(x, y) = 2500;
        }
    }
    return img;
}

PipelineParameters smallRun() {
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 3;
    return params;
}

}  // namespace

TEST(PipelineDeviceCopies, EveryStageIsGivenTheCopiesOfItsInputs) {
    auto backend = std::make_shared<LabellingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(disc());
    pipeline.run(smallRun());
    // The input is copied once (#1), then each stage's output in stage order; the mask stage
    // copies the mask before it applies it.
    const std::map<std::string, std::string> expected{
        {"median.input", "image#1"},     {"histogram.input", "median#2"},
        {"threshold.input", "median#2"}, {"sobel.input", "thresholded#3"},
        {"contour.median", "median#2"},  {"contour.thresholded", "thresholded#3"},
        {"contour.sobel", "sobel#4"},    {"contour.radiograph", "image#1"},
        {"mask.original", "image#1"},    {"mask.mask", "mask#5"},
        {"esf.mask", "mask#5"}};
    EXPECT_EQ(backend->given, expected);
}

TEST(PipelineDeviceCopies, ALaterRunReusesTheCopiesOfTheStagesItKeeps) {
    auto backend = std::make_shared<LabellingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(disc());
    PipelineParameters params = smallRun();
    pipeline.run(params);  // image#1 median#2 thresholded#3 sobel#4 mask#5 final#6
    backend->given.clear();

    params.contour.minAreaMm2 += 1.0;  // from the contour stage
    pipeline.run(params);
    EXPECT_EQ(backend->given["contour.median"], "median#2");
    EXPECT_EQ(backend->given["contour.thresholded"], "thresholded#3");
    EXPECT_EQ(backend->given["contour.sobel"], "sobel#4");
    EXPECT_EQ(backend->given["contour.radiograph"], "image#1");
    EXPECT_EQ(backend->given["mask.original"], "image#1");
    EXPECT_EQ(backend->given["mask.mask"], "mask#7");  // the new mask's copy
    EXPECT_EQ(backend->given["esf.mask"], "mask#7");

    params.esf.iterations = 4;  // the ESF alone: the mask's copy of the last run
    backend->given.clear();
    pipeline.run(params);
    EXPECT_EQ(backend->given.size(), 1u);
    EXPECT_EQ(backend->given["esf.mask"], "mask#7");

    params.threshold.method = ThresholdMethod::Otsu;  // from the threshold stage
    pipeline.run(params);
    EXPECT_EQ(backend->given["threshold.input"], "median#2");
    EXPECT_EQ(backend->given["sobel.input"], "thresholded#9");
}

TEST(PipelineDeviceCopies, ANewInputOrBackendKeepsNoCopies) {
    auto backend = std::make_shared<LabellingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(disc());
    pipeline.run(smallRun());
    const int made = backend->made;

    pipeline.setInput(disc());  // the same pixels, but a new input: copied again
    pipeline.run(smallRun());
    EXPECT_EQ(backend->given["median.input"], "image#" + std::to_string(made + 1));

    auto other = std::make_shared<LabellingBackend>();
    pipeline.setBackend(other);
    pipeline.run(smallRun());
    EXPECT_EQ(other->given["median.input"], "image#1");
    EXPECT_EQ(other->given["esf.mask"], "mask#5");
}
