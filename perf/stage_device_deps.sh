#!/usr/bin/env bash
# Copies the header-only libraries a core-only build needs and the GPU machine may lack
# (nlohmann-json for presets and reports, CLI11 for the command line) into out/device-deps,
# laid out as an install prefix (include/nlohmann, include/CLI, share/cmake/...), so that
# perf/device_run.sh finds them there through CMAKE_PREFIX_PATH. Run here before a device run
# and carry out/device-deps along.
#   bash perf/stage_device_deps.sh [SOURCE_PREFIX]
#   (default /usr: Debian's nlohmann-json3-dev and libcli11-dev)
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-/usr}
dest=out/device-deps
for need in "$src/include/nlohmann/json.hpp" \
    "$src/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake" "$src/include/CLI/CLI.hpp" \
    "$src/share/cmake/CLI11/CLI11Config.cmake"; do
    [ -f "$need" ] || { echo "missing $need (apt install nlohmann-json3-dev libcli11-dev)" >&2; exit 1; }
done
rm -rf "$dest"
mkdir -p "$dest/include" "$dest/share/cmake"
cp -r "$src/include/nlohmann" "$src/include/CLI" "$dest/include/"
# Both packages' CMake files find their include folder from their own location (three levels
# up), so the copy works wherever the prefix lands.
cp -r "$src/share/cmake/nlohmann_json" "$src/share/cmake/CLI11" "$dest/share/cmake/"
# zlib (required in every build) for a machine without its headers: a prefix of its own, used
# by device_run.sh only when /usr/include/zlib.h is missing (Debian's libz.a is PIC).
if [ -f "$src/include/zlib.h" ] && [ -f "$src/lib/x86_64-linux-gnu/libz.a" ]; then
    mkdir -p "$dest/zlib/include" "$dest/zlib/lib"
    cp "$src/include/zlib.h" "$src/include/zconf.h" "$dest/zlib/include/"
    cp "$src/lib/x86_64-linux-gnu/libz.a" "$dest/zlib/lib/"
fi
echo "staged $(du -sh "$dest" | cut -f1) in $dest"
