#!/usr/bin/env bash
# Builds xrayprep and runs every test (GoogleTest through ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 1200
