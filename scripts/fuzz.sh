#!/usr/bin/env bash
# Fuzzes the DICOM loader with libFuzzer (clang, ASan + UBSan) for SECONDS (default 60).
# Usage: scripts/fuzz.sh [SECONDS]
# Builds only dicom_fuzzer in ./build-fuzz, seeds a temporary corpus (outside the repository)
# with the small generated seeds of fuzz/DicomSeedWriter.cpp and, when it exists, the shared
# real corpus ../shared/data/dicom. Exits non-zero when libFuzzer finds a crash, a sanitizer
# error, a hang (-timeout=10 s) or an allocation over the memory limit (-rss_limit_mb=2048);
# the reproducer (crash-*, timeout-*, oom-*) is kept in build-fuzz/findings/.
# Environment: XRAYPREP_FUZZ_CORPUS=DIR keeps and reuses the corpus in DIR;
# XRAYPREP_FUZZ_JOBS=N build jobs (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
root="$PWD"
build="$root/build-fuzz"
jobs="${XRAYPREP_FUZZ_JOBS:-$(nproc)}"

bash scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DXRAYPREP_FUZZ=ON -DXRAYPREP_BUILD_TESTS=OFF -DXRAYPREP_CUDA=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target dicom_fuzzer dicom_fuzz_seeds

work="$(mktemp -d "${TMPDIR:-/tmp}/xrayprep-fuzz-XXXXXX")"
trap 'rm -rf "$work"' EXIT
corpus="${XRAYPREP_FUZZ_CORPUS:-$work/corpus}"
mkdir -p "$corpus" "$work/seeds" "$build/findings"
"$build/fuzz/dicom_fuzz_seeds" "$work/seeds"
shared="$root/../shared/data/dicom"
if [ -d "$shared" ]; then
  # Real files; libFuzzer reads at most -max_len bytes of each (the larger ones are cut).
  find "$shared" -type f ! -name '*.tsv' ! -name '*.md' -print0 |
    while IFS= read -r -d '' f; do
      cp "$f" "$work/seeds/real-$(printf '%s' "${f#"$shared"/}" | tr '/' '_')"
    done
else
  echo "fuzz: $shared not found; seeding with the generated files only"
fi
echo "fuzz: $(find "$work/seeds" -type f | wc -l) seed files, running ${seconds} s"

# ASan/UBSan stop at the first error; leaks are reported (libFuzzer checks them per input).
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
status=0
"$build/fuzz/dicom_fuzzer" "$corpus" "$work/seeds" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=1048576 \
  -print_final_stats=1 -artifact_prefix="$build/findings/" >"$build/fuzz.log" 2>&1 || status=$?
# The last status lines and the final statistics (executions, exec/s, coverage).
grep -E '^#[0-9]+\s+(INITED|DONE|pulse)|^stat::|^Done' "$build/fuzz.log" | tail -n 12 || true
if [ "$status" -ne 0 ]; then
  tail -n 60 "$build/fuzz.log" >&2
  echo "fuzz: FAILED (exit $status), reproducer in $build/findings/ (log: $build/fuzz.log)" >&2
  exit 1
fi
echo "fuzz: clean after ${seconds} s (log: $build/fuzz.log)"
