#!/usr/bin/env bash
# Regenerates docs/QUALITY.md, the evidence of issue 11 (point 5):
#   (a) xrayprep-cli run on ../shared/data/xray-foot and on every `xray` row of
#       ../shared/data/dicom/MANIFEST.tsv (contact sheets, masks, review gallery, report.json),
#       merged with the hand-kept verdicts of docs/quality-verdicts.tsv;
#   (b) xrayprep-cli phantom-eval over the full matrix (--seeds, default 50: ~16-25 min on two
#       busy cores);
#   (c) docs/QUALITY.md assembled from both by scripts/quality_report.py.
# Nothing of the data and none of the outputs go into the repository: they stay in the work
# folder (a new temporary one unless --work is given), whose gallery (index.html) and contact
# sheets are what the verdicts are made from. For humans, not CI.
#
# usage: scripts/quality-report.sh [--seeds N] [--work DIR] [--data DIR] [--out FILE]
#                                  [--backend NAME]
#   --seeds N     phantom seeds per combination (default 50; e.g. 5 while developing)
#   --work DIR    where the runs write (default: a new folder under ${TMPDIR:-/tmp}, kept)
#   --data DIR    the shared data folder (default: ../shared/data beside the repository)
#   --out FILE    the page to write (default: docs/QUALITY.md)
#   --backend B   serial, openmp (default) or cuda
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

seeds=50
work=""
data="$repo/../shared/data"
out="$repo/docs/QUALITY.md"
backend=openmp
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --data) data="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --backend) backend="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "quality-report: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$seeds" in ''|*[!0-9]*) echo "quality-report: --seeds needs a number" >&2; exit 2 ;; esac

films="$data/xray-foot"
corpus="$data/dicom"
for need in "$films" "$corpus/MANIFEST.tsv"; do
  if [ ! -e "$need" ]; then
    echo "quality-report: $need is missing (the shared data is needed: see --data)" >&2
    exit 1
  fi
done
data=$(cd "$data" && pwd)
films="$data/xray-foot"
corpus="$data/dicom"
# The Debian interpreter: the assembler uses its standard library only.
python=/usr/bin/python3
[ -x "$python" ] || python=python3

# Build the command line when it is missing or out of date (configure first if needed).
if [ ! -f build/CMakeCache.txt ]; then
  bash scripts/install-deps.sh
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build --target xrayprep-cli -j "$(nproc)"
cli="$repo/build/app/xrayprep-cli"

if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/xrayprep-quality.XXXXXX")
fi
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work/" in
  "$repo"/*) echo "quality-report: --work must lie outside the repository" >&2; exit 2 ;;
esac
log="$work/commands.txt"
: > "$log"

# Runs a command, logs it (for the page's header) and accepts `run`'s exit codes 1 (some
# input failed) and 3 (some need review) and phantom-eval's 1 (some combination fails): they
# are results to report, not errors of this script.
record() {
  local rc=0
  printf '%s\n' "$*" | sed "s#$repo/##g; s#$data/#\${data}/#g; s#$work/#\${work}/#g" >> "$log"
  "$@" || rc=$?
  case "$rc" in
    0|1|3) return 0 ;;
    *) echo "quality-report: '$1 $2' exited with $rc" >&2; return "$rc" ;;
  esac
}

echo "quality-report: outputs in $work"
run_options=(--backend "$backend" --gallery --export sheet.png,mask.png)

# (a) The real radiographs: the xray-foot folder, and the corpus's xray rows (category has
# `xray`, not `xray-other`).
record "$cli" run "$films" --out "$work/xray-foot" --report "$work/xray-foot.json" \
  "${run_options[@]}"
mapfile -t corpus_files < <("$python" - "$corpus/MANIFEST.tsv" <<'PY'
import csv, os, sys
manifest = sys.argv[1]
with open(manifest, newline="") as f:
    for row in csv.DictReader(f, delimiter="\t"):
        if "xray" in row["category"].split(";"):
            print(os.path.join(os.path.dirname(manifest), row["file"]))
PY
)
record "$cli" run "${corpus_files[@]}" --out "$work/dicom" --report "$work/dicom.json" \
  "${run_options[@]}"

# (b) The phantoms: every combination of the full matrix.
record "$cli" phantom-eval --seeds "$seeds" --backend "$backend" \
  --markdown "$work/phantoms.md" --json "$work/phantoms.json"

# (c) The page.
"$python" scripts/quality_report.py \
  --repo "$repo" --data "$data" --work "$work" --commands "$log" \
  --verdicts docs/quality-verdicts.tsv \
  --run "xray-foot=$work/xray-foot.json" --run "dicom=$work/dicom.json" \
  --phantom-markdown "$work/phantoms.md" --phantom-json "$work/phantoms.json" \
  --out "$out"
echo "quality-report: wrote $out; galleries: $work/xray-foot/index.html, $work/dicom/index.html"
