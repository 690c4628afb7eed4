#!/bin/sh
# Draws the app's icons with ImageMagick (`convert`): a dark rounded tile with RViz-style axes (x red, y green, z blue).
# Run from the repository root: sh scripts/make-icons.sh. The PNGs are committed; rerun only to change the look.
set -eu
out=public/icons
mkdir -p "$out"
draw() { # size file safe-margin-percent
  s=$1; f=$2; m=$3
  pad=$((s * m / 100)); inner=$((s - 2 * pad)); c=$((s / 2))
  stroke=$((inner / 14)); [ "$stroke" -lt 2 ] && stroke=2
  arm=$((inner * 36 / 100))
  convert -size "${s}x${s}" xc:none \
    -fill '#1e1f22' -draw "roundrectangle 0,0 $((s - 1)),$((s - 1)) $((s / 6)),$((s / 6))" \
    -stroke '#ef5350' -strokewidth "$stroke" -draw "line $c,$c $((c + arm)),$c" \
    -stroke '#4caf50' -draw "line $c,$c $c,$((c - arm))" \
    -stroke '#5fa8ff' -draw "line $c,$c $((c - arm * 7 / 10)),$((c + arm * 7 / 10))" \
    -stroke none -fill '#e6e6e6' -draw "circle $c,$c $((c + stroke)),$c" \
    -strip "$f"
}
draw 192 "$out/icon-192.png" 8
draw 512 "$out/icon-512.png" 8
draw 512 "$out/icon-maskable-512.png" 20
draw 180 "$out/apple-touch-icon.png" 8
draw 32 "$out/favicon-32.png" 4
