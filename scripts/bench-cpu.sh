#!/usr/bin/env bash
# CPU benchmark of docs/PERFORMANCE.md: xrayprep-cli bench on the reference-size sample
# (serial and openmp), then OpenCV's and SciPy's median on the same image.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
if ! /usr/bin/python3 -c "import cv2, scipy" 2>/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get install -y -q --no-install-recommends python3-scipy python3-opencv
  else
    echo "bench-cpu: needs python3-scipy and python3-opencv (apt-get install them as root)" >&2
    exit 1
  fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./build/app/xrayprep-cli bench sample:planar --backends serial,openmp --repeat "${REPEAT:-5}" \
  --json "$work/bench.json"
# median.size=1 copies the input, so 01-median.png is the sample itself.
# (Exit code 3, a mask that needs review, does not matter here: only the file is used.)
./build/app/xrayprep-cli run sample:planar --out "$work" --save-stages --set median.size=1 \
  >/dev/null 2>&1 || [ $? = 3 ]
/usr/bin/python3 scripts/bench_peers.py "$work/sample-planar/01-median.png" ${PEER_ARGS:-}
