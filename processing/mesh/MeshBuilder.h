#pragma once

#include <optional>

#include "processing/core/CancelToken.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/mesh/MeshParams.h"
#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::processing {

// What a mesh is made from. `esf` is needed for inflate; `xray` (the original image) and
// `esf` give the per-vertex scalars a viewer colours by.
struct MeshInputs {
    const Mask& mask;                                    // final bone mask, 1 on bone
    const FloatImage* esf = nullptr;                     // ESF field of that mask
    const Image* xray = nullptr;                         // original image
    std::optional<PixelSpacing> spacing = std::nullopt;  // empty: in pixels (unit "px")
    enum class Colour { XRay, Esf } colour = Colour::XRay;
};

// Closed, consistently oriented (outward normals) triangle meshes of the bones (SPEC §5):
// `extrude` lifts the mask's outlines into slabs of the given thickness, `inflate` makes a
// surface whose half-thickness follows 1 - v of the ESF inside the mask (zero on the
// outline, so top and bottom meet there). Every connected bone gives a closed component.
// Throws std::invalid_argument for bad parameters or missing inputs (e.g. inflate without
// an ESF of the mask's size); Cancelled when `cancel` is set.
//
// How (see MeshLattice, CapBuilder, CapSmoother, SurfaceAssembler):
// - The mask is resampled on a lattice of step s >= 1 pixels (the fraction of each s x s
//   block in the mask), s the smallest step whose mesh has at most targetTriangles triangles
//   (decimation by resolution: the surface is closed by construction at every step). Parts
//   thinner than about s / 2 vanish at coarse steps; a target so small that the whole mask
//   vanishes throws std::invalid_argument.
// - Marching squares gives the outlines (one closed loop per bone outline and per hole) and a
//   conforming triangulation of the region between them (the cap).
// - `smooth` Taubin lambda/mu iterations smooth the cap in the image plane (outlines as
//   curves) and the inflate profile; topology is untouched. Like any Taubin filter it keeps
//   shapes many lattice steps across and shrinks those only a few steps across (a lone
//   pixel at step 1 loses most of its area in 10 iterations).
// - extrude: the cap at z = +thickness/2 and its mirror at -thickness/2, joined by vertical
//   walls along the outlines. inflate: z = +-h with h = thickness/2 * (1 - v) / max(1 - v)
//   (v the ESF, bilinear at the vertex; the max taken over the vertices, after smoothing),
//   h = 0 on the outline, where top and bottom share their vertices; inside, h is at least
//   2 % of thickness/2 (v = 1 on the mask's boundary pixels, half a pixel inside the
//   outline) so top and bottom never touch there.
// - Units: millimetres with `spacing`, else pixels ("px"; thickness then counts in pixels).
// - Scalars: per vertex, bilinear at the vertex's image position before smoothing, from the
//   X-ray ("xray") or the ESF ("esf") as `colour` says; none when that input is not given.
// An all-zero (or 0 x 0) mask gives an empty mesh (no vertices, no triangles).
// Deterministic: the same inputs give the same mesh, bit for bit.
class MeshBuilder {
  public:
    [[nodiscard]] TriangleMesh operator()(const MeshInputs& inputs, const MeshParams& params,
                                          const CancelToken* cancel = nullptr) const;
};

}  // namespace xrayprep::processing
