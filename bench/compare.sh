#!/usr/bin/env bash
# bench/compare.sh OLD_SWARD NEW_SWARD OUTDIR [FRAMES] — before/after on one machine in one run: each scene of
# the benchmark set benched by both binaries, alternating, twice each (medians of FRAMES frames, default 30),
# the JSON of every run in OUTDIR; then the same frame rendered by both at 1920x1080 and compared byte for
# byte, and the new binary with the validation layer on. Used for issue 6 on the H200 (see README).
set -u
OLD=${1:?usage: compare.sh OLD_SWARD NEW_SWARD OUTDIR [FRAMES]}
NEW=${2:?}
OUT=${3:?}
FRAMES=${4:-30}
HERE=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
scenes=("" "$HERE/bench/got_field.json" "$HERE/bench/dense.json" "$HERE/scenes/hills.json")
names=(meadow got_field dense hills)
for rep in 1 2; do
    for i in "${!scenes[@]}"; do
        for which in old new; do
            bin=$OLD; [ "$which" = new ] && bin=$NEW
            "$bin" bench ${scenes[$i]:+"${scenes[$i]}"} --frames "$FRAMES" --json >"$OUT/${names[$i]}_${which}_$rep.json" \
                2>"$OUT/${names[$i]}_${which}_$rep.err" || echo "bench ${names[$i]} $which failed: $(cat "$OUT/${names[$i]}_${which}_$rep.err")"
        done
    done
done
for i in "${!scenes[@]}"; do
    for which in old new; do
        bin=$OLD; [ "$which" = new ] && bin=$NEW
        "$bin" render ${scenes[$i]:+"${scenes[$i]}"} --width 1920 --height 1080 --time 1.5 -o "$OUT/${names[$i]}_$which.png" --quiet
    done
    if cmp -s "$OUT/${names[$i]}_old.png" "$OUT/${names[$i]}_new.png"; then echo "${names[$i]}: images identical"
    else echo "${names[$i]}: images DIFFER"; fi
done
for s in "" "$HERE/bench/got_field.json" "$HERE/bench/dense.json" "$HERE/scenes/hills.json" "$HERE/scenes/fields.json"; do
    "$NEW" render ${s:+"$s"} --validate --time 0.5 -o "$OUT/validate.png" --quiet; echo "validate ${s:-meadow}: exit $?"
done
