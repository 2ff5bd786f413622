#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer (GCC) in ./build-asan and
# runs the whole test suite under them; any sanitizer report fails the run.
# Usage: scripts/sanitize.sh [extra ctest arguments]
# -O2 -g1 (line tables for the reports, no full debug info: the build stays affordable on a
# 2-core CI machine), CUDA off (the sanitizers do not cover device code; CI has no GPU).
# Excluded: two tests that measure the process rather than check it, which ASan breaks without
# saying anything about memory errors: the GUI-thread latency tests (Responsiveness.* and
# EditingResponsiveness.*, wall-clock budgets; ASan is 2-3x slower) and the batch peak-memory test
# (BatchCli.PeakMemory*, resident-set ratios; ASan's shadow memory and quarantine inflate them).
# Leak checking is on (except for the 3D preview tests, see below); the known leaks of system
# libraries (libdbus under Qt's xcb platform) are suppressed in scripts/sanitizers/lsan.supp,
# never our own code.
# Environment: XRAYPREP_SANITIZE_JOBS=N build/test jobs (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
jobs="${XRAYPREP_SANITIZE_JOBS:-$(nproc)}"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

bash scripts/install-deps.sh
# The reports stop the program at the first error (exit code 1 -> the test fails). The
# environment applies to the build too: gtest_discover_tests runs each test binary to list
# its tests, and a leak reported at that exit would fail the build.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_init_order=1:detect_stack_use_after_return=0:check_initialization_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$root/scripts/sanitizers/lsan.supp:print_suppressions=0"

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXRAYPREP_CUDA=OFF \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
start=$(date +%s)
cmake --build build-asan -j "$jobs"
built=$(date +%s)
echo "sanitize: build took $((built - start)) s"
cd build-asan
status=0
# The 3D preview tests (OpenGL under Xvfb) run with leak checking off: Mesa's GL driver is
# loaded and unloaded with dlopen, and what it leaves behind has no stack LSan can attribute
# or suppress ("<unknown module>"). ASan and UBSan stay on for them.
preview='^(MeshPreview|MainWindowPreview)'
ctest --output-on-failure -j "$jobs" --timeout 1800 \
  -E "^(Responsiveness\.|EditingResponsiveness\.|BatchCli\.PeakMemory)|$preview" "$@" || status=$?
ASAN_OPTIONS="${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}" \
  ctest --output-on-failure -j "$jobs" --timeout 1800 -R "$preview" "$@" || status=$?
echo "sanitize: tests took $(($(date +%s) - built)) s"
if [ "$status" -ne 0 ]; then
  echo "sanitize: FAILED (tests or sanitizer reports above)" >&2
  exit 1
fi
echo "sanitize: clean"
