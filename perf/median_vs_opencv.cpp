// The CPU median side by side with OpenCV's, in one process, runs interleaved (so a slower
// minute of a shared machine hits both alike): xrayprep's exact median on 12-bit data and
// OpenCV's medianBlur on the same data quantised to 8 bits (medianBlur takes only 8-bit data
// for windows above 5), one thread each, on smooth and on random images at the reference size.
// Also checks that both filters agree exactly on the 8-bit data (an independent reference:
// both replicate the border).
//
// usage: perf_median [--reps N] [--size S] [--width W --height H] [--threads-too]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "perf/PerfImages.h"
#include "perf/PerfTiming.h"
#include "processing/median/MedianFilter.h"

#ifdef XRAYPREP_PERF_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace {

using xrayprep::perf::RunTimes;
using xrayprep::processing::ExecutionPolicy;
using xrayprep::processing::Image;
using xrayprep::processing::MedianFilter;
using xrayprep::processing::MedianParams;

struct Options {
    int reps = 7;
    int size = 19;
    int width = 2920;
    int height = 2320;
    bool twoThreads = false;
    std::string only;  // run only the case whose name starts with this ("smooth", "random")
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "perf_median: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return std::atoi(argv[++i]);
        };
        if (a == "--reps")
            o.reps = std::max(1, next());
        else if (a == "--size")
            o.size = next();
        else if (a == "--width")
            o.width = next();
        else if (a == "--height")
            o.height = next();
        else if (a == "--threads-too")
            o.twoThreads = true;
        else if (a == "--only" && i + 1 < argc)
            o.only = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: perf_median [--reps N] [--size S] [--width W --height H] "
                         "[--threads-too] [--only smooth|random]\n");
            std::exit(2);
        }
    }
    return o;
}

#ifdef XRAYPREP_PERF_HAVE_OPENCV
Image quantisedTo8Bits(const Image& image) {
    Image out(image.width(), image.height(), 8);
    for (std::size_t i = 0; i < image.size(); ++i) out.data()[i] = image.data()[i] >> 4;
    return out;
}
#endif

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    std::printf("median %dx%d window, %dx%d, %d interleaved runs each (ms: median, minimum)\n",
                o.size, o.size, o.width, o.height, o.reps);
    const struct {
        const char* name;
        Image image;
    } cases[] = {{"smooth 12-bit", xrayprep::perf::smoothImage(o.width, o.height)},
                 {"random 12-bit", xrayprep::perf::randomImage(12, o.width, o.height)}};
    const MedianParams params{o.size};
    int status = 0;
    for (const auto& [name, image] : cases) {
        if (std::string(name).rfind(o.only, 0) != 0) continue;
        RunTimes ours, oursTwo, theirs;
#ifdef XRAYPREP_PERF_HAVE_OPENCV
        cv::setNumThreads(1);
        const Image q = quantisedTo8Bits(image);
        cv::Mat src8(q.height(), q.width(), CV_8UC1);
        for (int y = 0; y < q.height(); ++y) {
            for (int x = 0; x < q.width(); ++x) src8.at<std::uint8_t>(y, x) = q.at(x, y) & 0xff;
        }
        cv::Mat dst8;
#endif
        for (int r = 0; r < o.reps; ++r) {
            ours.time([&] { (void)MedianFilter{}(image, params, ExecutionPolicy{1}); });
            if (o.twoThreads) {
                oursTwo.time([&] { (void)MedianFilter{}(image, params, ExecutionPolicy{2}); });
            }
#ifdef XRAYPREP_PERF_HAVE_OPENCV
            theirs.time([&] { cv::medianBlur(src8, dst8, o.size); });
#endif
        }
        std::printf("%s: xrayprep exact 12-bit, 1 thread: %8.1f %8.1f\n", name, ours.median(),
                    ours.minimum());
        if (o.twoThreads) {
            std::printf("%s: xrayprep exact 12-bit, 2 threads: %7.1f %8.1f\n", name,
                        oursTwo.median(), oursTwo.minimum());
        }
#ifdef XRAYPREP_PERF_HAVE_OPENCV
        std::printf("%s: OpenCV %s medianBlur 8-bit, 1 thread: %6.1f %8.1f\n", name, CV_VERSION,
                    theirs.median(), theirs.minimum());
        std::printf("%s: xrayprep / OpenCV = %.2fx (medians), %.2fx (minima)\n", name,
                    ours.median() / theirs.median(), ours.minimum() / theirs.minimum());
        // Independent check: on the 8-bit data both must give the same pixels.
        const Image mine8 = MedianFilter{}(q, params, ExecutionPolicy{1});
        long differing = 0;
        for (int y = 0; y < q.height(); ++y) {
            for (int x = 0; x < q.width(); ++x)
                differing += mine8.at(x, y) != dst8.at<std::uint8_t>(y, x);
        }
        std::printf("%s: on the 8-bit data xrayprep and OpenCV differ in %ld pixel(s)\n", name,
                    differing);
        if (differing != 0) status = 1;
#else
        std::printf("%s: (built without OpenCV: apt install libopencv-imgproc-dev)\n", name);
#endif
    }
    return status;
}
