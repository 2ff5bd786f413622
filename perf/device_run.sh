#!/usr/bin/env bash
# The GPU machine's part of docs/PERFORMANCE.md, in one call: a core-only build, the CUDA and
# core tests, `bench` at the reference size (serial, openmp, cuda, every output compared with
# serial), and the batch throughput of perf_batch on the real films as PGM (cuda and openmp),
# logs under $OUT (or ./device-logs).
#   perf/device_run.sh [FILMS_PGM_DIR] [bench repeat]
# FILMS_PGM_DIR: scripts/films_to_pgm.py's output (default out/films_pgm); skipped when absent.
set -uo pipefail
out=${OUT:-$PWD/device-logs}
films=${1:-out/films_pgm}
repeat=${2:-5}
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader | tee "$out/gpu.txt"
lscpu | grep -E "Model name|^CPU\(s\)" | tee -a "$out/gpu.txt"
# Header-only dependencies staged here by perf/stage_device_deps.sh (the machine may lack them).
prefix=()
if [ -d out/device-deps ]; then
    prefix=("-DCMAKE_PREFIX_PATH=$PWD/out/device-deps")  # the environment's is searched too
    if [ ! -f /usr/include/zlib.h ] && [ -d out/device-deps/zlib ]; then
        prefix+=("-DZLIB_ROOT=$PWD/out/device-deps/zlib")
    fi
fi
cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DXRAYPREP_CORE_ONLY=ON \
    "${prefix[@]}" >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
start=$(date +%s)
cmake --build build-device -j"$(nproc)" >"$out/build.log" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.log" | head -40; exit 1; }
echo "build: $(( $(date +%s) - start )) s, $(grep -c "warning:" "$out/build.log") warnings"
# The device's share of the suite (CUDA, pipeline, the stages); the rest runs on every machine.
(cd build-device && XRAYPREP_FILMS_PGM="$PWD/../$films" ctest -j12 --timeout 300 \
    -R "${CTEST_FILTER:-Cuda|Gpu|Regions|Pipeline|Median|Esf|Sobel|Threshold|Contour|Agreement|Pgm}" \
    >"$out/ctest.log" 2>&1); echo "ctest exit: $?"
grep -E "tests passed|tests failed|Failed|\*\*\*" "$out/ctest.log" | head -20
./build-device/app/xrayprep-cli bench sample:planar --backends serial,openmp,cuda \
    --repeat "$repeat" --json "$out/bench.json" >"$out/bench.log" 2>&1
sed -n '/stage (ms)/,$p' "$out/bench.log"
if [ -d "$films" ]; then
    for backend in cuda openmp; do
        ./build-device/perf/perf_batch --backend "$backend" --out "$out/batch-$backend" \
            "$films" >"$out/batch-$backend.log" 2>&1
        tail -1 "$out/batch-$backend.log"
        ./build-device/perf/perf_batch --backend "$backend" --out "$out/batch-$backend" \
            "$films" >"$out/batch-$backend-2.log" 2>&1
        tail -1 "$out/batch-$backend-2.log"
    done
    rm -rf "$out"/batch-*/
fi
