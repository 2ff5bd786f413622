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
    const Mask& mask;                      // final bone mask, 1 on bone
    const FloatImage* esf = nullptr;       // ESF field of that mask
    const Image* xray = nullptr;           // original image
    std::optional<PixelSpacing> spacing;   // empty: the mesh is in pixels (unit "px")
    enum class Colour { XRay, Esf } colour = Colour::XRay;
};

// Closed, consistently oriented (outward normals) triangle meshes of the bones (SPEC §5):
// `extrude` lifts the mask's outlines into slabs of the given thickness, `inflate` makes a
// surface whose half-thickness follows 1 - v of the ESF inside the mask (zero on the
// outline, so top and bottom meet there). Every connected bone gives a closed component.
// Throws std::invalid_argument for bad parameters or missing inputs (e.g. inflate without
// an ESF of the mask's size); Cancelled when `cancel` is set.
class MeshBuilder {
  public:
    [[nodiscard]] TriangleMesh operator()(const MeshInputs& inputs, const MeshParams& params,
                                          const CancelToken* cancel = nullptr) const;
};

}  // namespace xrayprep::processing
