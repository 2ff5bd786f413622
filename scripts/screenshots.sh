#!/usr/bin/env bash
# Regenerates docs/screenshots/: the application on the built-in sample (1280 x 800) and on a
# real radiograph from ../shared/data/dicom (1920 x 1080), each stage shown once. Runs the
# GUI under Xvfb with fresh settings, so the default layout is what a new user sees.
# Usage: scripts/screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=docs/screenshots
real=../shared/data/dicom/nema-wg04/RG3_JPLL.dcm
mkdir -p "$out"
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT

shoot() {  # size prefix args...
  local size=$1 prefix=$2
  shift 2
  rm -rf "$config"/*
  XDG_CONFIG_HOME="$config" xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$build/app/xrayprep" "$@" --screenshots "$out" --screenshot-prefix "$prefix" --size "$size"
}

shoot 1280x800 sample-1280x800 --sample planar
if [ -f "$real" ]; then
  shoot 1920x1080 rg3-1920x1080 "$real"
else
  echo "screenshots: $real not found, real-radiograph screenshots skipped" >&2
fi
