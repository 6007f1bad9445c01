#!/bin/sh
# Remake sheetgen/icc/CGATS-TR006-coated-300.icc, the CMYK output profile of `--press`
# (docs/printing.md), from published characterization data:
#   - ANSI CGATS/GRACoL TR 006-2007 ("GRACoL 2006, grade 1 coated paper, ISO 12647-2 paper
#     type 1"), as Debian's icc-profiles-free ships it (TR006.ti3); NPES lets profiles made from
#     it be distributed without further permission, naming TR 006 as the data's source;
#   - ArgyllCMS's colprof (Debian `argyll`), its perceptual table mapping the sRGB gamut
#     (sheetgen's colours are sRGB), ramped black, 300 % total ink.
# Only for remaking the profile; sheetgen itself needs neither package.
set -eu
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
command -v colprof >/dev/null 2>&1 && [ -f /usr/share/color/icc/TR006.ti3 ] || {
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends argyll icc-profiles-free >/dev/null
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/TR006.ti3 "$work/TR006.ti3"
(cd "$work" && colprof -qm -kr -l 300 -S /usr/share/color/argyll/ref/sRGB.icm -cmt -dpp -nc -A "sheetgen" \
  -D "sheetgen GRACoL 2006 coated (CGATS TR 006), 300% ink" \
  -C "No copyright. Characterization data: ANSI CGATS/GRACoL TR 006-2007 (NPES)" TR006 >/dev/null)
cp "$work/TR006.icc" sheetgen/icc/CGATS-TR006-coated-300.icc
echo "wrote sheetgen/icc/CGATS-TR006-coated-300.icc" >&2
