#!/usr/bin/env bash
# Builds the core (with CUDA) on a GPU machine, runs the CUDA regions tests (device == CPU, bit
# for bit) and the bench at the reference size; logs under $OUT (or ./device-logs).
#   scripts/cuda_regions_device_check.sh [gtest filter] [bench repeat]
set -uo pipefail
out=${OUT:-$PWD/device-logs}
mkdir -p "$out"
filter=${1:-'Regions*:CudaRegions*'}
repeat=${2:-5}
nvidia-smi --query-gpu=name,memory.total,clocks.sm --format=csv,noheader | tee "$out/gpu.txt"
cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DXRAYPREP_CORE_ONLY=ON \
    >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
start=$(date +%s)
cmake --build build-device -j"$(nproc)" --target gpu_tests xrayprep-cli >"$out/build.log" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.log" | head -40; exit 1; }
echo "build: $(( $(date +%s) - start )) s"
grep -c "warning" "$out/build.log" | sed 's/^/build warnings: /'
if [ "$filter" != "none" ]; then
    ./build-device/tests/gpu_tests --gtest_filter="$filter" >"$out/tests.log" 2>&1
    echo "tests exit: $?"
    grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]|tests? ran|Failure|differ|Dice" "$out/tests.log" | head -60
fi
if [ "$repeat" -gt 0 ]; then
    ./build-device/app/xrayprep-cli bench --backends serial,openmp,cuda --repeat "$repeat" \
        --json "$out/bench.json" >"$out/bench.log" 2>&1
    tail -28 "$out/bench.log"
fi
