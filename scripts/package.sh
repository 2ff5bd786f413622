#!/usr/bin/env bash
# Builds the Debian package from a build folder, checks what it holds, installs it on this
# machine, runs both programs from /usr, and removes it again (unless --keep).
# Usage: scripts/package.sh [BUILD_DIR] [--keep]     (as root or with sudo; default: build)
# CI runs it after scripts/test.sh, on the Release build that the tests used.
set -euo pipefail
cd "$(dirname "$0")/.."
build="build"
keep=0
for a in "$@"; do
  case "$a" in
    --keep) keep=1 ;;
    *) build="$a" ;;
  esac
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

cmake --build "$build" --target xrayprep xrayprep-cli
(cd "$build" && cpack -G DEB >/dev/null)
deb="$(ls -t "$build"/xrayprep_*_*.deb | head -1)"
echo "package: $deb ($(du -h "$deb" | cut -f1))"

fail() { echo "package: $*" >&2; exit 1; }
contents="$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')"
for f in /usr/bin/xrayprep /usr/bin/xrayprep-cli \
  /usr/share/applications/xrayprep.desktop \
  /usr/share/icons/hicolor/scalable/apps/xrayprep.svg \
  /usr/share/icons/hicolor/48x48/apps/xrayprep.png \
  /usr/share/icons/hicolor/256x256/apps/xrayprep.png \
  /usr/share/man/man1/xrayprep-cli.1 /usr/share/man/man1/xrayprep.1 \
  /usr/share/xrayprep/presets/defaults.json /usr/share/doc/xrayprep/copyright \
  /usr/share/doc/xrayprep/CHANGELOG.md; do
  grep -qx "$f" <<<"$contents" || fail "$deb lacks $f"
done
# Nothing of the build or the tests in it.
if grep -E '_tests$|/perf_|fuzz|\.a$|/include/' <<<"$contents"; then fail "$deb holds build files"; fi
depends="$(dpkg-deb -f "$deb" Depends)"
for lib in libqt6widgets6 libdcmtk17 libvtk9; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
grep -qx 'MimeType=application/dicom;' <(dpkg-deb --fsys-tarfile "$deb" |
  tar -xO ./usr/share/applications/xrayprep.desktop) || fail "no application/dicom association"
echo "package: contents and Depends checked ($(wc -l <<<"$contents") entries)"

$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  "$(realpath "$deb")" >/dev/null
trap '[ "$keep" -eq 1 ] || $sudo dpkg -r xrayprep >/dev/null' EXIT
[ "$(command -v xrayprep-cli)" = /usr/bin/xrayprep-cli ] || fail "xrayprep-cli is not /usr/bin's"
commit="$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
# (Not `tee /dev/stderr`: reopening a log file that stderr points to truncates it.)
version="$(/usr/bin/xrayprep-cli --version)"
echo "package: /usr/bin/xrayprep-cli --version: $version"
grep -q "(git $commit" <<<"$version" || fail "xrayprep-cli --version does not name commit $commit"
QT_QPA_PLATFORM=offscreen /usr/bin/xrayprep --version | grep -q "^xrayprep 0" ||
  fail "xrayprep --version failed"
out="$(mktemp -d)"
/usr/bin/xrayprep-cli run sample:planar --out "$out" --export mask.png,mesh.stl,report.json \
  --preset /usr/share/xrayprep/presets/quick-look.json
[ -s "$out/sample-planar/mask.png" ] && [ -s "$out/sample-planar/mesh.stl" ] ||
  fail "the run from /usr wrote no mask or mesh"
rm -rf "$out"
echo "package: installed, ran from /usr, $([ "$keep" -eq 1 ] && echo kept || echo removed)"
