#!/usr/bin/env bash
# Rebuilds app/fonts/*.woff2: Geist and Geist Mono (the geist package, OFL 1.1, no reserved
# name) cut to Latin and Latin Extended-A. The full variable fonts are 70 KB each and every
# page preloaded both; the cut ones are about a third, and a character outside them is drawn
# by the fallback font, per glyph. Kept: the default OpenType features plus tnum, pnum and
# case (the app writes tabular-nums). Not run by the build: the .woff2 files are committed.
# Needs fontTools with brotli: apt-get install python3-fonttools python3-brotli
set -euo pipefail
cd "$(dirname "$0")/.."
src=node_modules/geist/dist/fonts
unicodes="U+0000-017F,U+0192,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2190-2193,U+2212,U+2215,U+221E,U+2248,U+2260,U+2264-2265,U+FEFF,U+FFFD"
subset() {
  /usr/bin/python3 -m fontTools.subset "$src/$1" --unicodes="$unicodes" --layout-features+=tnum,pnum,case \
    --flavor=woff2 --output-file="app/fonts/$2"
}
subset geist-sans/Geist-Variable.woff2 geist-sans-latin.woff2
subset geist-mono/GeistMono-Variable.woff2 geist-mono-latin.woff2
cp node_modules/geist/LICENSE.txt app/fonts/LICENSE.txt
ls -l app/fonts/*.woff2
