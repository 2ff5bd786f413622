#!/usr/bin/env bash
# Renders resources/icons/xrayprep.svg to the PNG sizes the desktop (hicolor theme) and the
# application's window icon use. The PNGs are committed, so building needs no SVG renderer;
# run this after changing the SVG. Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
for size in 16 22 24 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" xrayprep.svg -o "xrayprep-$size.png"
done
ls -l xrayprep-*.png
