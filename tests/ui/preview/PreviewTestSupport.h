#pragma once

#include <gtest/gtest.h>

#include <QColor>
#include <QElapsedTimer>
#include <QImage>
#include <QSignalSpy>
#include <cmath>
#include <memory>

#include "processing/esf/EsfSolver.h"
#include "processing/mesh/TriangleMesh.h"
#include "ui/data/DisplayedRun.h"
#include "ui/preview/OpenGlSupport.h"

namespace xrayprep::ui::test {

// The 3D view needs OpenGL: skip (not fail) on Qt's offscreen platform, e.g. without xvfb-run.
#define XRAYPREP_REQUIRE_OPENGL()                                                             \
    do {                                                                                      \
        if (!::xrayprep::ui::platformSupportsOpenGlWidgets()) {                               \
            GTEST_SKIP() << "needs OpenGL widgets (run under xvfb-run, QT_QPA_PLATFORM=xcb)"; \
        }                                                                                     \
    } while (false)

constexpr int kWaitMs = 60000;

inline bool waitForCount(QSignalSpy& spy, int count, int timeoutMs = kWaitMs) {
    QElapsedTimer clock;
    clock.start();
    while (spy.count() < count) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) return false;
        spy.wait(static_cast<int>(left));
    }
    return true;
}

// A closed box [0, w] x [0, h] x [-d/2, d/2] of 12 outward triangles (x right, y down as the
// mesh convention says), scalars ramping from 0 at x = 0 to 1 at x = w.
inline processing::TriangleMesh boxMesh(float w, float h, float d, const char* unit = "mm") {
    processing::TriangleMesh mesh;
    for (int k = 0; k < 8; ++k) {
        const float x = (k & 1) ? w : 0.0F;
        const float y = (k & 2) ? h : 0.0F;
        const float z = (k & 4) ? d / 2 : -d / 2;
        mesh.vertices.push_back({x, y, z});
        mesh.scalars.push_back(x / w);
    }
    // Faces as quads (a, b, c, e) split into two triangles; orientation does not matter for
    // what the tests check (two-sided lighting).
    const int quads[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1},
                             {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
    for (const auto& q : quads) {
        mesh.triangles.push_back({std::uint32_t(q[0]), std::uint32_t(q[1]), std::uint32_t(q[2])});
        mesh.triangles.push_back({std::uint32_t(q[0]), std::uint32_t(q[2]), std::uint32_t(q[3])});
    }
    mesh.scalarName = "test";
    mesh.unit = unit;
    return mesh;
}

// A small hand-made run: two elliptic "bones" in a 240 x 180 image with 0.25 mm pixels, an
// X-ray that is brighter towards the bones' centres, and the ESF of the mask.
inline DisplayedRun ellipsesRun(int width = 240, int height = 180) {
    using namespace processing;
    Mask mask(width, height, 0);
    Image xray(width, height, 12, 300);
    auto inside = [&](double x, double y, double cx, double cy, double rx, double ry) {
        const double u = (x - cx) / rx, v = (y - cy) / ry;
        return u * u + v * v;
    };
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double a = inside(x, y, width * 0.3, height * 0.5, width * 0.18, height * 0.35);
            const double b = inside(x, y, width * 0.7, height * 0.5, width * 0.2, height * 0.25);
            const double r = std::min(a, b);
            if (r <= 1.0) {
                mask.at(x, y) = 1;
                xray.at(x, y) = static_cast<std::uint16_t>(1500 + 2000 * (1.0 - r));
            }
        }
    }
    auto contour = std::make_shared<ContourResult>();
    contour->mask = mask;
    EsfParams esf;
    esf.rho = 8.0;
    esf.iterations = 100;
    DisplayedRun run;
    run.original = std::make_shared<Image>(std::move(xray));
    auto metadata = std::make_shared<ImageMetadata>();
    metadata->spacing = PixelSpacing{0.25, 0.25, "test"};
    run.metadata = metadata;
    run.inputLabel = "ellipses";
    run.contour = contour;
    run.esf = std::make_shared<EsfResult>(EsfSolver{}(mask, esf, ExecutionPolicy::serial()));
    return run;
}

// Fraction of the pixels in the central third of two same-size images whose colours differ
// by more than `tolerance` in some channel.
inline double centreDifference(const QImage& a, const QImage& b, int tolerance = 24) {
    if (a.size() != b.size() || a.isNull()) return -1.0;
    const int x0 = a.width() / 3, x1 = 2 * a.width() / 3;
    const int y0 = a.height() / 3, y1 = 2 * a.height() / 3;
    int differing = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            if (std::abs(p.red() - q.red()) > tolerance ||
                std::abs(p.green() - q.green()) > tolerance ||
                std::abs(p.blue() - q.blue()) > tolerance) {
                ++differing;
            }
        }
    }
    return static_cast<double>(differing) / ((x1 - x0) * (y1 - y0));
}

// Mean |R - G| + |G - B| over the central third: 0 for grey, large for a coloured map.
inline double centreChroma(const QImage& image) {
    const int x0 = image.width() / 3, x1 = 2 * image.width() / 3;
    const int y0 = image.height() / 3, y1 = 2 * image.height() / 3;
    double sum = 0.0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            const QColor p = image.pixelColor(x, y);
            sum += std::abs(p.red() - p.green()) + std::abs(p.green() - p.blue());
        }
    }
    return sum / ((x1 - x0) * (y1 - y0));
}

}  // namespace xrayprep::ui::test
