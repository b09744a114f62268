#!/usr/bin/env bash
# Build the one-folder desktop bundle: dist/table-app/table-app (+ share/ for Linux desktops).
#
#   packaging/build.sh              # uses python3, a build venv in build/bundle-venv
#   PYTHON=python3.12 packaging/build.sh
#   BUILD_VENV=/tmp/bv packaging/build.sh
#
# Steps: make (or reuse) a venv, install the project from this checkout (a real
# install, not editable, so the bundle gets exactly what the wheel ships) and
# PyInstaller, make the icons if sprites/ has none, run packaging/table-app.spec,
# then lay out the freedesktop entry, the AppStream metadata and the icons under
# dist/table-app/share/.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

PYTHON=${PYTHON:-python3}
venv=${BUILD_VENV:-$root/build/bundle-venv}
dist=$root/dist

if [ ! -e "$venv/pyvenv.cfg" ]; then
  echo "build.sh: creating the build venv $venv"
  "$PYTHON" -m venv "$venv"
fi
if [ -x "$venv/bin/python" ]; then bin=$venv/bin; else bin=$venv/Scripts; fi  # Windows (Git Bash)
py=$bin/python

extra=()
case "$(uname -s)" in
  Darwin|MINGW*|MSYS*|CYGWIN*) extra+=("pillow>=10") ;;  # PNG -> .icns/.ico for the spec's icon
esac

echo "build.sh: installing the project and PyInstaller"
"$py" -m pip install -q . "pyinstaller>=6.0" "${extra[@]}"

shopt -s nullglob
icons=(sprites/icon_*.png)
if [ ${#icons[@]} -eq 0 ] && [ -f sprites/generate.py ]; then
  echo "build.sh: no sprites/icon_*.png yet; running sprites/generate.py"
  SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$py" sprites/generate.py
  icons=(sprites/icon_*.png)
  # the wheel installed above predates the new files: install it again
  "$py" -m pip install -q --no-deps --force-reinstall .
fi
[ ${#icons[@]} -gt 0 ] || echo "build.sh: warning: no sprites/icon_*.png; the bundle has no icons"

echo "build.sh: running PyInstaller"
# Run from build/ so that the checkout's table_app/ is not on sys.path: the spec
# and the analysis must see the installed package (with its data/ folder).
mkdir -p build
(cd build && "$bin/pyinstaller" --noconfirm --clean --log-level WARN \
   --distpath "$dist" --workpath "$root/build/pyinstaller" "$root/packaging/table-app.spec")

bundle=$dist/table-app
share=$bundle/share
mkdir -p "$share/applications"
cp packaging/table-app.desktop "$share/applications/table-app.desktop"
mkdir -p "$share/metainfo"
cp packaging/app.table_app.TableApp.metainfo.xml "$share/metainfo/"
for f in "${icons[@]}"; do
  # the size from the PNG header (width, bytes 16-19), whatever the file is called
  size=$("$py" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(struct.unpack(">I", d[16:20])[0] if d[:8]==b"\x89PNG\r\n\x1a\n" else "")' "$f")
  [ -n "$size" ] || { echo "build.sh: warning: $f is not a PNG; skipped"; continue; }
  mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
  cp "$f" "$share/icons/hicolor/${size}x${size}/apps/table-app.png"
done

echo "build.sh: built $bundle"
ls "$bundle" | sed 's/^/  /'
