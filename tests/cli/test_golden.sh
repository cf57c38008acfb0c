#!/usr/bin/env bash
# Byte-identical images: every scene in scenes/ and bench/ at 320x180 at three times and at 960x540 once must
# render to the PNG whose SHA-256 is recorded in tests/data/golden/sha256.txt (recorded on lavapipe at
# 2026-12-01 (issue 8: the compute rasteriser, render.raster "auto"; issue 9: HZD and Frictional wind fixed, then
# the simulated wind field (GA3) for every scene's wind, and the mesh-asset scenes forest_edge, flowers, tree; issue
# 10: the tile cache, the streamed world and the density areas left all 36 unchanged, and added areas.json and the
# streamed 16 km bench/flight.json: 44 images); with "hardware", before the wind fix, 21 of the 24 images of issue 7
# were unchanged). A refactor that changes
# a single pixel fails here. Every feature is on, TAA with its 8-frame warm-up.
# The hashes hold for Mesa's lavapipe (Debian 12, LLVM 15); another driver rasterises differently.
# Re-record on purpose only (and say why in the commit):  tests/cli/test_golden.sh build/sward --update
set -u
SWARD=${1:?usage: test_golden.sh /path/to/sward [--update]}
SRC=${SWARD_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
GOLDEN="$SRC/tests/data/golden/sha256.txt"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
for scene in "$SRC"/scenes/*.json "$SRC"/bench/*.json; do
    name=$(basename "$scene" .json)
    for size in 320x180 960x540; do
        times="0 1.5 4.25"
        [ "$size" = 960x540 ] && times="1.5" # (each still renders 9 frames: TAA's warm-up)
        for t in $times; do
            png="${name}_${size}_t${t}.png"
            if ! "$SWARD" render "$scene" --width "${size%x*}" --height "${size#*x}" --time "$t" \
                    -o "$tmp/$png" --quiet 2>"$tmp/err"; then
                echo "FAIL: $png: sward render failed: $(cat "$tmp/err")" >&2
                failures=$((failures + 1))
            fi
        done
    done
done
if [ "${2:-}" = "--update" ]; then
    (cd "$tmp" && sha256sum ./*.png | sed 's# \./# #') >"$GOLDEN"
    echo "recorded $(wc -l <"$GOLDEN") hashes in $GOLDEN"
    exit 0
fi
[ -f "$GOLDEN" ] || { echo "FAIL: $GOLDEN missing" >&2; exit 1; }
while read -r want png; do
    if [ ! -f "$tmp/$png" ]; then
        echo "FAIL: $png: not rendered (is the scene gone?)" >&2; failures=$((failures + 1)); continue
    fi
    got=$(sha256sum "$tmp/$png" | cut -d' ' -f1)
    [ "$got" = "$want" ] || { echo "FAIL: $png: sha256 $got, recorded $want" >&2; failures=$((failures + 1)); }
done <"$GOLDEN"
n=$(ls "$tmp"/*.png 2>/dev/null | wc -l)
[ "$n" -eq "$(wc -l <"$GOLDEN")" ] || { echo "FAIL: $n images rendered, $(wc -l <"$GOLDEN") recorded" >&2; failures=$((failures + 1)); }
[ "$failures" -eq 0 ] && echo "all $n images byte-identical to the recorded ones"
exit $((failures > 0))
