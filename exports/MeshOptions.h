#pragma once

#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshParams.h"

namespace xrayprep::exports {

// How an exported mesh is built: the builder's settings and what colours it.
struct MeshOptions {
    processing::MeshParams params;
    processing::MeshInputs::Colour colour = processing::MeshInputs::Colour::XRay;
};

}  // namespace xrayprep::exports
