#include "processing/contour/SnakeMethod.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/ContourTracer.h"
#include "processing/contour/GradientVectorFlow.h"
#include "processing/contour/SnakeEvolver.h"
#include "processing/contour/TwoClassSplit.h"

namespace xrayprep::processing {
namespace {

struct Box {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // [x0, x1) x [y0, y1)
};

// Bounding box of the set pixels grown by `margin`, clipped to the image.
Box boxAround(const Mask& m, int margin) {
    Box b{m.width(), m.height(), 0, 0};
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (m.at(x, y) == 0) continue;
            b.x0 = std::min(b.x0, x);
            b.y0 = std::min(b.y0, y);
            b.x1 = std::max(b.x1, x + 1);
            b.y1 = std::max(b.y1, y + 1);
        }
    }
    if (b.x1 <= b.x0) return Box{0, 0, m.width(), m.height()};
    return Box{std::max(0, b.x0 - margin), std::max(0, b.y0 - margin),
               std::min(m.width(), b.x1 + margin), std::min(m.height(), b.y1 + margin)};
}

// Divides by the 99th percentile of the nonzero values inside the anatomy and clips to 1;
// zero outside the anatomy, so the snakes are not drawn to the edges of discarded objects.
// Returns false when there is no edge inside the anatomy.
bool normalise(FloatImage& e, const Mask& anatomy) {
    std::vector<float> values;
    for (std::size_t i = 0; i < e.size(); ++i) {
        if (anatomy.data()[i] != 0 && e.data()[i] > 0.0f) values.push_back(e.data()[i]);
    }
    if (values.empty()) return false;
    const auto k = static_cast<std::size_t>(0.99 * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    const float reference = values[k];
    for (std::size_t i = 0; i < e.size(); ++i) {
        e.data()[i] = anatomy.data()[i] == 0 ? 0.0f : std::min(1.0f, e.data()[i] / reference);
    }
    return true;
}

// Gradient magnitude of the working median by central differences (replicate borders).
FloatImage gradientMagnitude(const FloatImage& m) {
    FloatImage out(m.width(), m.height(), 0.0f);
    for (int y = 0; y < m.height(); ++y) {
        const float* up = m.row(std::max(0, y - 1));
        const float* down = m.row(std::min(m.height() - 1, y + 1));
        const float* mid = m.row(y);
        for (int x = 0; x < m.width(); ++x) {
            const float gx = mid[std::min(m.width() - 1, x + 1)] - mid[std::max(0, x - 1)];
            const float gy = down[x] - up[x];
            out.at(x, y) = std::sqrt(gx * gx + gy * gy);
        }
    }
    return out;
}

// Outer boundaries of the seed mask's components of at least minArea (working pixels).
std::vector<Contour> outerBoundaries(const Mask& seeds, double minArea,
                                     const ExecutionPolicy& policy) {
    const ComponentMap comps = ConnectedComponents{}(seeds, Connectivity::Eight, policy);
    const ContourTracer tracer;
    std::vector<Contour> out;
    for (const Component& c : comps.components) {
        if (static_cast<double>(c.area) < minArea) continue;
        out.push_back(tracer.outerBoundary(comps, c.label, Connectivity::Eight));
    }
    return out;
}

void shift(std::vector<Contour>& contours, float dx, float dy) {
    for (Contour& c : contours) {
        for (Point2f& q : c.points) {
            q.x += dx;
            q.y += dy;
        }
    }
}

}  // namespace

MethodOutcome SnakeMethod::operator()(const WorkingInputs& in, const ContourParams& p,
                                      const ExecutionPolicy& policy,
                                      const CancelToken* cancel) const {
    MethodOutcome out;
    const WorkingGrid& g = in.grid;
    const double minArea = p.minArea / (static_cast<double>(g.factor()) * g.factor());
    std::vector<Contour> snakes = outerBoundaries(in.regions.foreground, minArea, policy);
    if (snakes.empty()) {
        // A threshold that leaves nothing usable inside the anatomy is no starting point; the
        // bright class of the anatomy is.
        const TwoClasses split = TwoClassSplit{}(in.median, in.regions.anatomy);
        if (split.count == 0 || split.brightMean <= split.darkMean) return out;
        Mask bright(g.width(), g.height(), 0);
        for (std::size_t i = 0; i < bright.size(); ++i) {
            bright.data()[i] =
                in.regions.anatomy.data()[i] != 0 && in.median.data()[i] > split.level ? 1 : 0;
        }
        snakes = outerBoundaries(bright, minArea, policy);
        if (snakes.empty()) return out;
        out.notes.push_back(
            "snake: the threshold foreground leaves nothing inside the "
            "anatomy; started from the two-class split of the anatomy instead");
    }

    FloatImage edges = g.blockMax(in.sobel, policy);
    if (!normalise(edges, in.regions.anatomy)) {
        edges = gradientMagnitude(in.median);
        normalise(edges, in.regions.anatomy);
        out.notes.push_back(
            "snake: no Sobel edges inside the anatomy; used the gradient of the "
            "median image");
    }
    // The GVF is only needed around the anatomy: crop to its box plus a margin.
    const Box box = boxAround(in.regions.anatomy, 8);
    FloatImage cropped(box.x1 - box.x0, box.y1 - box.y0);
    for (int y = box.y0; y < box.y1; ++y) {
        std::copy(edges.row(y) + box.x0, edges.row(y) + box.x1, cropped.row(y - box.y0));
    }
    const VectorField gvf =
        gvf_ ? gvf_(cropped, p.gvfMu, p.gvfIterations, policy, cancel)
             : GradientVectorFlow{}(cropped, p.gvfMu, p.gvfIterations, policy, cancel);
    shift(snakes, -static_cast<float>(box.x0), -static_cast<float>(box.y0));

    SnakeSettings s;
    s.alpha = p.alpha;
    s.beta = p.beta;
    s.gamma = p.gamma;
    s.kappa = p.kappa;
    s.balloon = p.balloon;
    s.spacing = p.pointSpacing;
    s.epsilon = p.epsilon;
    s.maxIterations = p.maxIterations;
    std::vector<int> used(snakes.size(), 0);
    const SnakeEvolver evolve;
    // Each snake evolves on its own; which thread runs it does not change its result.
#pragma omp parallel for schedule(dynamic, 1) num_threads(policy.threads) if (policy.parallel())
    for (std::size_t i = 0; i < snakes.size(); ++i) {
        used[i] = evolve(snakes[i], gvf, s, cancel);
    }
    out.iterations = *std::max_element(used.begin(), used.end());
    shift(snakes, static_cast<float>(box.x0), static_cast<float>(box.y0));
    out.contours = std::move(snakes);
    return out;
}

}  // namespace xrayprep::processing
