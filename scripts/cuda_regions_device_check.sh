#!/usr/bin/env bash
# Builds the core (with CUDA) on a GPU machine, runs the CUDA regions tests (device == CPU, bit
# for bit) and the bench at the reference size; logs under $OUT (or ./device-logs).
#   scripts/cuda_regions_device_check.sh [gtest filter] [bench repeat]
# XRAYPREP_PREBUILT=DIR: use DIR/gpu_tests and DIR/xrayprep-cli (built elsewhere for sm_90)
# when they run here, instead of building. XRAYPREP_FILMS_PGM=DIR: the real films as PGM
# (scripts/films_to_pgm.py) for CudaRegions.RealFilmsEqualSerial.
set -uo pipefail
out=${OUT:-$PWD/device-logs}
mkdir -p "$out"
filter=${1:-'Regions*:CudaRegions*'}
repeat=${2:-5}
nvidia-smi --query-gpu=name,memory.total,clocks.sm --format=csv,noheader | tee "$out/gpu.txt"
prebuilt=${XRAYPREP_PREBUILT:-}
if [ -n "$prebuilt" ] && "$prebuilt/gpu_tests" --gtest_filter='CudaAvailability*' \
    >"$out/prebuilt.log" 2>&1 && "$prebuilt/xrayprep-cli" backends >>"$out/prebuilt.log" 2>&1 &&
    grep -Eq "^cuda +available" "$out/prebuilt.log"; then
    mkdir -p build-device/tests build-device/app
    cp "$prebuilt/gpu_tests" build-device/tests/ && cp "$prebuilt/xrayprep-cli" build-device/app/
    echo "build: prebuilt binaries from $prebuilt"
else
[ -n "$prebuilt" ] && { echo "prebuilt binaries do not run here:"; tail -5 "$out/prebuilt.log"; }
# Header-only dependencies staged here by perf/stage_device_deps.sh (the machine may lack them).
prefix=()
[ -d out/device-deps ] && prefix=("-DCMAKE_PREFIX_PATH=$PWD/out/device-deps")
cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DXRAYPREP_CORE_ONLY=ON \
    "${prefix[@]}" >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
start=$(date +%s)
cmake --build build-device -j"$(nproc)" --target gpu_tests xrayprep-cli >"$out/build.log" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.log" | head -40; exit 1; }
echo "build: $(( $(date +%s) - start )) s"
grep -c "warning" "$out/build.log" | sed 's/^/build warnings: /'
fi
if [ "$filter" != "none" ]; then
    ./build-device/tests/gpu_tests --gtest_filter="$filter" >"$out/tests.log" 2>&1
    echo "tests exit: $?"
    grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]|tests? ran|Failure|differ|Dice" "$out/tests.log" |
        head -100
fi
if [ "$repeat" -gt 0 ]; then
    ./build-device/app/xrayprep-cli bench --backends serial,openmp,cuda --repeat "$repeat" \
        --json "$out/bench.json" >"$out/bench.log" 2>&1
    tail -28 "$out/bench.log"
fi
