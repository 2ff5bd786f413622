#!/usr/bin/env bash
# Copies the header-only libraries a core-only build needs and the GPU machine lacks (today
# nlohmann-json, for presets and reports) into out/device-deps, laid out as an install prefix
# (include/nlohmann, share/cmake/nlohmann_json), so that perf/device_run.sh finds them there
# through CMAKE_PREFIX_PATH. Run here before a device run and carry out/device-deps along.
#   bash perf/stage_device_deps.sh [SOURCE_PREFIX]   (default /usr: Debian's nlohmann-json3-dev)
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-/usr}
dest=out/device-deps
for need in "$src/include/nlohmann/json.hpp" \
    "$src/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake"; do
    [ -f "$need" ] || { echo "missing $need (apt install nlohmann-json3-dev)" >&2; exit 1; }
done
rm -rf "$dest"
mkdir -p "$dest/include" "$dest/share/cmake"
cp -r "$src/include/nlohmann" "$dest/include/"
# The package's nlohmann_jsonTargets.cmake finds its include folder from its own location
# (three levels up), so the copy works wherever the prefix lands.
cp -r "$src/share/cmake/nlohmann_json" "$dest/share/cmake/"
echo "staged $(du -sh "$dest" | cut -f1) in $dest"
