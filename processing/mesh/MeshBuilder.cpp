#include "processing/mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "processing/mesh/CapMesh.h"
#include "processing/mesh/CapSmoother.h"
#include "processing/mesh/MeshLattice.h"
#include "processing/mesh/MeshResolution.h"
#include "processing/mesh/RasterSampling.h"
#include "processing/mesh/SurfaceAssembler.h"

namespace xrayprep::processing {

namespace {

void checkCancel(const CancelToken* cancel) {
    if (cancel != nullptr) cancel->throwIfCancelled();
}

template <typename T>
void checkSize(const Raster<T>* r, const Mask& mask, const char* what) {
    if (r != nullptr && !r->sameSize(mask)) {
        throw std::invalid_argument(std::string("MeshBuilder: the ") + what + " is " +
                                    std::to_string(r->width()) + "x" + std::to_string(r->height()) +
                                    ", the mask " + std::to_string(mask.width()) + "x" +
                                    std::to_string(mask.height()));
    }
}

void validate(const MeshInputs& in, const MeshParams& p) {
    if (!(std::isfinite(p.thickness) && p.thickness > 0.0)) {
        throw std::invalid_argument("MeshBuilder: thickness must be > 0");
    }
    if (p.targetTriangles < 0) throw std::invalid_argument("MeshBuilder: targetTriangles < 0");
    if (p.smooth < 0) throw std::invalid_argument("MeshBuilder: smooth < 0");
    if (p.mode == MeshMode::Inflate && in.esf == nullptr) {
        throw std::invalid_argument("MeshBuilder: inflate needs the ESF of the mask");
    }
    checkSize(in.esf, in.mask, "ESF");
    checkSize(in.xray, in.mask, "X-ray image");
    if (in.spacing && !(std::isfinite(in.spacing->x) && in.spacing->x > 0.0 &&
                        std::isfinite(in.spacing->y) && in.spacing->y > 0.0)) {
        throw std::invalid_argument("MeshBuilder: pixel spacing must be > 0");
    }
}

bool anySet(const Mask& mask) {
    return std::any_of(mask.pixels().begin(), mask.pixels().end(),
                       [](std::uint8_t v) { return v != 0; });
}

// 1 - v of the ESF at every inner cap vertex, normalised so its largest value is 1; 0 on
// the outline. A field without any profile (v = 1 at every inner vertex, e.g. a 1-pixel
// line whose pixels are all shape pixels) gives 1 everywhere inside: a flat pillow.
std::vector<double> inflateProfile(const CapMesh& cap, const FloatImage& esf) {
    std::vector<double> f(cap.vertexCount(), 0.0);
    double peak = 0.0;
    for (std::size_t v = 0; v < f.size(); ++v) {
        if (cap.outline[v]) continue;
        f[v] = std::max(0.0, 1.0 - bilinearAt(esf, cap.x[v], cap.y[v]));
        peak = std::max(peak, f[v]);
    }
    for (std::size_t v = 0; v < f.size(); ++v) {
        if (!cap.outline[v]) f[v] = peak > 1e-6 ? f[v] / peak : 1.0;
    }
    return f;
}

// Half-thickness from the (smoothed) profile: rescaled so the thickest point is exactly
// thickness / 2, and at least kMinHalfFraction of it on inner vertices so top and bottom
// never touch inside the outline.
std::vector<double> halfThickness(const CapMesh& cap, std::vector<double> f, double thickness) {
    constexpr double kMinHalfFraction = 0.02;
    double peak = 0.0;
    for (std::size_t v = 0; v < f.size(); ++v) {
        if (!cap.outline[v]) peak = std::max(peak, f[v]);
    }
    for (std::size_t v = 0; v < f.size(); ++v) {
        const double rel = peak > 0.0 ? f[v] / peak : 1.0;
        f[v] = cap.outline[v] ? 0.0 : 0.5 * thickness * std::max(rel, kMinHalfFraction);
    }
    return f;
}

// The colour scalars at the cap vertices (before smoothing moves them), or none when the
// chosen source was not given.
std::vector<float> capScalars(const CapMesh& cap, const MeshInputs& in, std::string& name) {
    std::vector<float> s;
    auto fill = [&](const auto& raster) {
        s.resize(cap.vertexCount());
        for (std::size_t v = 0; v < s.size(); ++v) {
            s[v] = static_cast<float>(bilinearAt(raster, cap.x[v], cap.y[v]));
        }
    };
    if (in.colour == MeshInputs::Colour::XRay && in.xray != nullptr) {
        fill(static_cast<const Raster<std::uint16_t>&>(*in.xray));
        name = "xray";
    } else if (in.colour == MeshInputs::Colour::Esf && in.esf != nullptr) {
        fill(*in.esf);
        name = "esf";
    }
    return s;
}

}  // namespace

TriangleMesh MeshBuilder::operator()(const MeshInputs& inputs, const MeshParams& params,
                                     const CancelToken* cancel) const {
    validate(inputs, params);
    checkCancel(cancel);
    const PlaneScale scale =
        inputs.spacing ? PlaneScale{inputs.spacing->x, inputs.spacing->y} : PlaneScale{};
    const std::string unit = inputs.spacing ? "mm" : "px";
    if (!anySet(inputs.mask)) {
        TriangleMesh empty;
        empty.unit = unit;
        return empty;
    }
    const int step = chooseLatticeStep(inputs.mask, params.mode, params.targetTriangles, cancel);
    CapMesh cap = CapBuilder()(MeshLattice(inputs.mask, step));
    checkCancel(cancel);
    std::string scalarName;
    const std::vector<float> scalars = capScalars(cap, inputs, scalarName);
    std::vector<double> profile;
    if (params.mode == MeshMode::Inflate) profile = inflateProfile(cap, *inputs.esf);
    checkCancel(cancel);
    CapSmoother()(cap, params.mode == MeshMode::Inflate ? &profile : nullptr, params.smooth,
                  cancel);
    checkCancel(cancel);
    const SurfaceAssembler assembler;
    TriangleMesh mesh =
        params.mode == MeshMode::Extrude
            ? assembler.extrude(cap, params.thickness, scale, scalars)
            : assembler.inflate(cap, halfThickness(cap, std::move(profile), params.thickness),
                                scale, scalars);
    mesh.scalarName = scalarName;
    mesh.unit = unit;
    return mesh;
}

}  // namespace xrayprep::processing
