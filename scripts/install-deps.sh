#!/usr/bin/env bash
# Installs the Debian 12 packages xrayprep needs to build, test and run, when missing.
# Usage: scripts/install-deps.sh            (as root, or with sudo available)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config zlib1g-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev
  libdcmtk-dev dcmtk libopenjp2-7-dev libvtk9-dev
  libgtest-dev nlohmann-json3-dev libcli11-dev
  orthanc  # a private DICOM server for the pacs tests (started and stopped by the tests)
  python3-vtk9
  python3-pydicom  # the tests read seg.dcm back with an independent reader (tests/dicom/read_seg.py)
  xvfb xauth fonts-dejavu-core
  chromium  # the review gallery test opens index.html in a headless browser
  clang libomp-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "xrayprep: installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -q
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "xrayprep: these packages are missing and this is not root (and sudo is not available):" >&2
  echo "  ${missing[*]}" >&2
  echo "Install them as root with:" >&2
  echo "  apt-get install ${missing[*]}" >&2
  exit 1
fi
