#!/usr/bin/env bash
# Where a CUDA run's device time goes, on the GPU machine: a core-only build of the CLI, `bench`
# at the reference size, the CUPTI kernel summary (perf/cupti_kernel_summary.cpp) and the
# regions method's step profile (XRAYPREP_REGIONS_PROFILE=1). Logs under $OUT (or ./device-logs).
#   perf/device_kernels.sh [kernels listed, default 40]
set -uo pipefail
out=${OUT:-$PWD/device-logs}
top=${1:-40}
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader
prefix=()
if [ -d out/device-deps ]; then
    prefix=("-DCMAKE_PREFIX_PATH=$PWD/out/device-deps")
    if [ ! -f /usr/include/zlib.h ] && [ -d out/device-deps/zlib ]; then
        prefix+=("-DZLIB_ROOT=$PWD/out/device-deps/zlib")
    fi
fi
cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DXRAYPREP_CORE_ONLY=ON \
    "${prefix[@]}" >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
cmake --build build-device -j"$(nproc)" --target xrayprep-cli >"$out/build.log" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.log" | head -40; exit 1; }
cli=./build-device/app/xrayprep-cli
"$cli" bench sample:planar --backends cuda --repeat 9 >"$out/bench.log" 2>&1
sed -n '/stage (ms)/,$p' "$out/bench.log"
cupti=()
for d in /usr/local/cuda/extras/CUPTI/lib64 /usr/local/cuda/lib64; do [ -d "$d" ] && cupti+=("$d"); done
g++ -O2 -std=c++20 -shared -fPIC -I/usr/local/cuda/include -I/usr/local/cuda/extras/CUPTI/include \
    perf/cupti_kernel_summary.cpp -o "$out/libkernel_summary.so" "${cupti[@]/#/-L}" -lcupti ||
    exit 1
XRAYPREP_KERNEL_SUMMARY_TOP=$top LD_LIBRARY_PATH=$(IFS=:; echo "${cupti[*]}") \
    CUDA_INJECTION64_PATH=$out/libkernel_summary.so \
    "$cli" bench sample:planar --backends cuda --repeat 1 >"$out/cupti.log" 2>&1
sed -n '/kernel summary/,/timeline/p' "$out/cupti.log"
rm -f "$out/libkernel_summary.so"
XRAYPREP_REGIONS_PROFILE=1 "$cli" bench sample:planar --backends cuda --repeat 5 \
    >"$out/profile.log" 2>&1
sed -n '/time per step/,/whole/p' "$out/profile.log" | tail -40
