#!/usr/bin/env bash
# Builds xrayprep and runs the main job on the built-in sample: writes the synthetic foot
# radiograph as DICOM with its ground truth, runs the whole pipeline on it with every stage
# saved, and prints where the results are. Extra arguments go to `xrayprep-cli run`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
out=out/sample
mkdir -p "$out"
./build/app/xrayprep-cli phantom --out "$out/sample.dcm" --truth "$out/sample-truth.png"
./build/app/xrayprep-cli run "$out/sample.dcm" --out "$out" --save-stages \
  --report "$out/report.json" "$@"
echo "Results: $out/sample/ (final.png, mask.png, stages), report: $out/report.json"
