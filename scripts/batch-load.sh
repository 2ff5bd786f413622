#!/usr/bin/env bash
# Batch under load: builds a folder of N files (default 500) -- generated phantoms of several
# sizes, views and photometrics, the real corpus (symlinks to ../shared/data/dicom when it is
# there; fetched data is never copied) and broken files (truncated phantoms, random bytes,
# empty files, text named .dcm, a header that claims a huge image) -- runs
# `xrayprep-cli run DIR --jobs N` over it under /usr/bin/time -v and prints what was processed,
# every failure by name, the wall time and the peak resident memory.
#
# usage: scripts/batch-load.sh [--cli PATH] [--work DIR] [--count N] [--jobs N]
#                              [--backend serial|openmp|cuda] [--keep] [-- RUN-OPTIONS...]
# The work folder (default: a new one under ${TMPDIR:-/tmp}) holds in/, out/, report.json and
# time.txt; it is removed at the end unless --keep is given.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
cli="$repo/build/app/xrayprep-cli"
work=""
count=500
jobs=""
backend="openmp"
keep=0
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --count) count="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --backend) backend="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "batch-load.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$cli" ]] || { echo "batch-load.sh: no xrayprep-cli at $cli (use --cli)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "batch-load.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [[ -z "$work" ]]; then work="$(mktemp -d "${TMPDIR:-/tmp}/xrayprep-batch-load.XXXXXX")"; fi
in="$work/in"
rm -rf "$in" "$work/out"
mkdir -p "$in/phantoms" "$in/broken"
[[ $keep -eq 1 ]] || trap 'rm -rf "$work"' EXIT

# 1. The real corpus, linked (only files the manifest lists).
corpus="$repo/../shared/data/dicom"
ncorpus=0
if [[ -f "$corpus/MANIFEST.tsv" ]]; then
  corpus="$(cd "$corpus" && pwd)"
  mkdir -p "$in/corpus"
  while IFS=$'\t' read -r file _; do
    [[ -f "$corpus/$file" ]] || continue
    ln -s "$corpus/$file" "$in/corpus/$(echo "$file" | tr '/' '_')"
    ncorpus=$((ncorpus + 1))
  done < <(tail -n +2 "$corpus/MANIFEST.tsv")
fi

# 2. Phantoms: what is left of the count after the corpus and the 20 broken files.
nbroken=20
nphantoms=$((count - ncorpus - nbroken))
[[ $nphantoms -ge 1 ]] || { echo "batch-load.sh: --count too small" >&2; exit 2; }
sizes=(256x256 320x256 384x320 512x400 640x512 730x580 800x640 1024x800 1024x1024)
for ((i = 0; i < nphantoms; i++)); do
  size=${sizes[$((i % ${#sizes[@]}))]}
  view=$([[ $((i % 2)) -eq 0 ]] && echo planar || echo lateral)
  photometric=$([[ $((i % 3)) -eq 0 ]] && echo MONOCHROME1 || echo MONOCHROME2)
  printf '%s\n' "phantom --out $in/phantoms/p$(printf %04d "$i")-$view-$size.dcm --size $size \
--view $view --photometric $photometric --seed $((i + 1))"
done | xargs -P 2 -L 1 "$cli" 2>/dev/null

# 3. Broken files: 18 named .dcm (each must fail, by name) and 2 that are not DICOM at all
# (skipped, and listed as skipped).
b="$in/broken"
src="$in/phantoms/p0003-lateral-512x400.dcm"
size=$(stat -c %s "$src")
head -c $((size / 2)) "$src" > "$b/truncated-half.dcm"
head -c $((size / 10)) "$src" > "$b/truncated-tenth.dcm"
head -c 1000 "$src" > "$b/truncated-1000.dcm"
head -c 200 "$src" > "$b/truncated-200.dcm"
head -c 132 "$src" > "$b/truncated-preamble.dcm"
python3 - "$b" <<'EOF'
import random, sys
out = sys.argv[1]
rng = random.Random(1234)
for n in (512, 4096, 65536, 1 << 20):
    open(f"{out}/random-{n}.dcm", "wb").write(bytes(rng.getrandbits(8) for _ in range(n)))
# The DICOM magic, then noise: passes the folder probe, fails in the parser.
for n in (300, 70000):
    open(f"{out}/magic-then-noise-{n}.dcm", "wb").write(
        b"\0" * 128 + b"DICM" + bytes(rng.getrandbits(8) for _ in range(n)))
EOF
: > "$b/empty-1.dcm"
: > "$b/empty-2.dcm"
: > "$b/empty-3.DCM"
echo "this is not a DICOM file" > "$b/text-1.dcm"
printf 'patient notes\nline two\n' > "$b/text-2.dcm"
printf '{"not": "dicom"}\n' > "$b/text-3.dicom"
cp "$in/phantoms/p0000-planar-256x256.dcm" "$b/huge-rows.dcm"
dcmodify -nb -m "Rows=65535" -m "Columns=65535" "$b/huge-rows.dcm" > /dev/null 2>&1 ||
  head -c 100 /dev/zero > "$b/huge-rows.dcm"
echo "a readme, not an image" > "$b/README.txt"
printf '{"notes": 1}\n' > "$b/notes.json"

total=$(find "$in" \( -type f -o -type l \) | wc -l)
echo "batch-load: $total files in $in ($nphantoms phantoms, $ncorpus corpus links, $nbroken broken)"

# 4. The run.
cmd=("$cli" run "$in" --out "$work/out" --report "$work/report.json" --backend "$backend")
[[ -n "$jobs" ]] && cmd+=(--jobs "$jobs")
cmd+=("${extra[@]}")
echo "batch-load: ${cmd[*]}"
set +e
/usr/bin/time -v -o "$work/time.txt" "${cmd[@]}" > "$work/run.log" 2>&1
rc=$?
set -e

# 5. The figures.
python3 - "$work/report.json" "$work/time.txt" "$rc" <<'EOF'
import json, os, re, sys
report, timing, rc = sys.argv[1], open(sys.argv[2]).read(), int(sys.argv[3])
r = json.load(open(report))
inputs = r["inputs"]
failed = [e for e in inputs if e["status"] != "ok"]
print(f"exit code {rc}; jobs {r.get('jobs')}, {r['threads']} thread(s) per job, backend {r['backend']}")
print(f"inputs {len(inputs)}: {r['succeeded']} processed ({r.get('needsReview', 0)} need "
      f"review), {r['failed']} failed; "
      f"{r['skippedNonDicomFiles']} skipped as not DICOM: "
      + ", ".join(os.path.basename(f) for f in r.get("skippedFiles", [])))
print("failures:")
for e in failed:
    print(f"  {os.path.basename(e['input'])}: {e['error'][:160]}")
wall = re.search(r"Elapsed \(wall clock\) time.*: (.*)", timing).group(1)
rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", timing).group(1))
cpu = re.search(r"Percent of CPU this job got: (.*)", timing).group(1)
print(f"wall {wall}, CPU {cpu}, peak RSS {rss / 1024:.0f} MiB")
EOF
exit 0
