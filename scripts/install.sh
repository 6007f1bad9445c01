#!/bin/sh
# Set up sheetgen from nothing: system libraries WeasyPrint needs (Debian),
# a virtual environment in .venv, and the package (with test tools and Chromium for the
# browser tests: --test).
# Safe to run again; it only installs what is missing.
set -eu
cd "$(dirname "$0")/.."

need=""
for lib in libpango-1.0.so.0 libpangoft2-1.0.so.0 libharfbuzz-subset.so.0 libfontconfig.so.1; do
  ldconfig -p 2>/dev/null | grep -q "$lib" || need="yes"
done
if [ -n "$need" ]; then
  pkgs="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 libfontconfig1"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  echo "installing system libraries: $pkgs" >&2
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $pkgs >/dev/null
fi

# the browser tests of sheetgen serve drive Debian's Chromium (Playwright cannot download its own here)
if [ "${1:-}" = "--test" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  echo "installing chromium for the browser tests" >&2
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends chromium >/dev/null
fi

# the press tests (tests/test_press.py) render every page with Ghostscript (--press itself needs
# nothing: its CMYK profile ships in sheetgen/icc/); a CJK fallback font (which installing
# Ghostscript usually brings) is there too: the printing tests prove the machine's fonts make no
# difference to the output
if [ "${1:-}" = "--test" ] && ! command -v gs >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  echo "installing ghostscript for the press tests" >&2
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends ghostscript fonts-droid-fallback >/dev/null
fi

# the VASSAL engine tests (tests/render/test_vassal_engine.py) load modules in the real engine:
# its harness, next to the checkout, installs a JDK and Xvfb and builds the engine into a cache
if [ "${1:-}" = "--test" ] && [ -f ../shared/vassal/setup.sh ]; then
  sh ../shared/vassal/setup.sh
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
extra=""
[ "${1:-}" = "--test" ] && extra="[test]"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".$extra"

# the editor tests drive the real YAML language server (npm), as VS Code's YAML support does
if [ "${1:-}" = "--test" ] && ! command -v yaml-language-server >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  if ! command -v npm >/dev/null 2>&1; then
    echo "installing npm for the editor tests" >&2
    $sudo apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends npm >/dev/null
  fi
  echo "installing yaml-language-server for the editor tests" >&2
  $sudo npm install -g --silent yaml-language-server >/dev/null
fi
