#!/bin/sh
# Print the SHA-256 of every file the bundled kits, the reference cards and
# the README's example commands write, plus their standard output and exit
# status: run before and after a restructuring and diff the two listings.
#   sh scripts/output_hashes.sh SHEETGEN > before.txt
set -u
sg="${1:-.venv/bin/sheetgen}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mktemp -d)"
cd "$repo"
run() {  # name, command...
  name="$1"; shift
  "$@" > "$out/$name.stdout" 2> "$out/$name.stderr"
  echo "$?" > "$out/$name.exit"
}
run kit-all "$sg" kit --all -o "$out/kits"
run kit-single "$sg" kit designs/starfire/scenarios/convoy-raid.yaml --single -o "$out/kit-single"
for g in starfire kill-radius space-cruisers knight-hawks-2000; do
  for f in pdf json html csv; do
    run "card-$g-$f" "$sg" reference "$g" -o "$out/card-$g.$f"
  done
  run "card-$g-a4" "$sg" reference "$g" --paper a4 -o "$out/card-$g-a4.pdf"
done
run validate "$sg" validate designs/
run stats "$sg" stats designs/starfire/ships/corvette-arrow.yaml --json
run import "$sg" import starfire 'CT-[2]-SSAA(I)(I)(I)QLR-[6]' --name Arrow -o "$out/arrow.yaml"
run sheets "$sg" sheets designs/starfire/ships -o "$out/sheets.pdf" --paper a4
run sheets-all "$sg" sheets designs/ -o "$out/sheets-all.pdf"
run counters "$sg" counters designs/kill-radius/fleets -o "$out/counters.pdf" --duplex long
run counters-svg "$sg" counters designs/starfire/ships -o "$out/counters.svg"
run map "$sg" map --cols 60 --rows 40 --hex 25mm --paper a4 -o "$out/map.pdf"
run map-svg "$sg" map --cols 20 --rows 15 --paper fit -o "$out/map.svg"
run roll "$sg" roll space-cruisers --seed 7 --name Daring
(cd "$out" && find . -type f | LC_ALL=C sort | while read -r f; do
  # html outputs name the install's absolute font path and messages name the
  # temporary folder: hash them with both masked
  sed -e "s#$repo#REPO#g" -e "s#$out#OUT#g" "$f" | sha256sum | sed "s#-#$f#"
done)
rm -rf "$out"
