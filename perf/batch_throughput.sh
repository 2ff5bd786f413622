#!/usr/bin/env bash
# Batch throughput on real radiographs: images per minute of `xrayprep-cli run` (decode, the
# whole pipeline and the default exports, final.png and mask.png) over the films of
# ../shared/data/xray-foot and the `xray` rows of ../shared/data/dicom/MANIFEST.tsv, and, on the
# same files in the same invocation, of the Python peer (perf/batch_peer.py: pydicom, OpenCV
# medianBlur + Otsu + Sobel, scikit-image chan_vese, the mask written). xrayprep runs before and
# after the peer, so a change in the shared machine's speed shows as two different figures.
#
# usage: perf/batch_throughput.sh [--cli PATH] [--backend serial|openmp|cuda] [--jobs N]
#                                 [--work DIR] [--no-peer]
# Needs python3-opencv, python3-skimage, python3-pydicom and python3-gdcm (apt) for the peer.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
cli="$repo/build/app/xrayprep-cli"
backend="openmp"
jobs=""
work=""
peer=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --backend) backend="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --no-peer) peer=0; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "batch_throughput.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ $peer -eq 1 ]] && ! /usr/bin/python3 -c "import cv2, skimage, pydicom, gdcm" 2>/dev/null; then
  echo "batch_throughput.sh: the peer needs python3-opencv python3-skimage python3-pydicom" \
       "python3-gdcm (apt-get install them; or --no-peer)" >&2
  exit 2
fi
data="$repo/../shared/data"
[[ -d "$data/xray-foot" ]] || { echo "batch_throughput.sh: no $data/xray-foot" >&2; exit 2; }
[[ -x "$cli" ]] || { echo "batch_throughput.sh: no xrayprep-cli at $cli" >&2; exit 2; }
if [[ -z "$work" ]]; then
  work="$(mktemp -d "${TMPDIR:-/tmp}/xrayprep-batch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/in"
files=()
for f in "$data"/xray-foot/*.dcm; do files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
while IFS=$'\t' read -r file _ category _; do
  # Rows whose category list holds "xray" itself (not xray-other).
  [[ ";$category;" == *";xray;"* ]] || continue
  [[ -f "$data/dicom/$file" ]] && files+=("$(cd "$data/dicom" && pwd)/$file")
done < <(tail -n +2 "$data/dicom/MANIFEST.tsv")
for f in "${files[@]}"; do ln -sf "$f" "$work/in/$(basename "$(dirname "$f")")_$(basename "$f")"; done
n=${#files[@]}
echo "batch: $n files ($(ls "$data"/xray-foot/*.dcm | wc -l) films of xray-foot, the rest the"\
     "xray rows of the DICOM corpus), $(nproc) CPU(s), $(date -u '+%Y-%m-%d %H:%M UTC')"

ours() {
  local label="$1"
  rm -rf "$work/out-$label"
  local cmd=("$cli" run "$work/in" --out "$work/out-$label" --backend "$backend"
             --report "$work/report-$label.json")
  [[ -n "$jobs" ]] && cmd+=(--jobs "$jobs")
  local start end
  start=$(date +%s.%N)
  "${cmd[@]}" > "$work/run-$label.log" 2>&1 || true  # exit 1/3: some failed or need review
  end=$(date +%s.%N)
  python3 - "$work/report-$label.json" "$start" "$end" "$label" "$backend" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall = float(sys.argv[3]) - float(sys.argv[2])
done = r["succeeded"]
print(f"xrayprep ({sys.argv[4]}, {sys.argv[5]}, {r.get('jobs')} job(s) x {r['threads']} "
      f"thread(s)): {done} of {len(r['inputs'])} files processed ({r.get('needsReview', 0)} "
      f"need review, {r['failed']} failed) in {wall:.1f} s: {60.0 * done / wall:.1f} images/min")
PY
}

ours first
if [[ $peer -eq 1 ]]; then
  /usr/bin/python3 "$here/batch_peer.py" --out "$work/peer" ${jobs:+--jobs "$jobs"} "${files[@]}" \
    > "$work/peer.log" 2>&1 || true
  grep -E "^peer failed" "$work/peer.log" || true
  tail -n 1 "$work/peer.log"
fi
ours second
