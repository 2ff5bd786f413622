#pragma once

namespace xrayprep::processing {

enum class MeshMode { Extrude, Inflate };

// How a bone mesh is made from the final mask and the ESF (SPEC §5).
struct MeshParams {
    MeshMode mode = MeshMode::Inflate;
    // extrude: the slab's thickness; inflate: the largest thickness (twice the largest
    // half-thickness, reached where 1 - v of the ESF is largest). Millimetres.
    double thickness = 10.0;
    int targetTriangles = 200000;  // upper bound on the triangle count; 0 = no limit
    int smooth = 10;               // smoothing iterations (0 = none), volume-preserving
    bool operator==(const MeshParams&) const = default;
};

const char* toString(MeshMode m);

}  // namespace xrayprep::processing
