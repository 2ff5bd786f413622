#pragma once

#include <string>
#include <vector>

#include "exports/MeshOptions.h"

namespace xrayprep::app {

// The mesh export's settings from the command line's --set mesh.KEY=VALUE assignments.
// TEMPORARY: these keys belong in processing::ParameterRegistry (with presets and the GUI);
// until they move there, the run command takes them out of the --set list here.
using exports::MeshOptions;

// Applies every "mesh.*" assignment of `assignments` to `options` and returns the others, in
// order, for processing::setParameterFromText. Keys: mesh.mode=inflate|extrude,
// mesh.thickness (mm, > 0 and <= 1000), mesh.targetTriangles (0 = no limit, .. 50000000),
// mesh.smooth (0..1000), mesh.colour=xray|esf. Throws UsageError naming the key, the value
// and what is allowed.
[[nodiscard]] std::vector<std::string> takeMeshAssignments(
    const std::vector<std::string>& assignments, MeshOptions& options);

}  // namespace xrayprep::app
