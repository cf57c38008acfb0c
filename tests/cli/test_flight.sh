#!/usr/bin/env bash
# The flight benchmark (SPEC BX5), short, on lavapipe: `sward bench` on tests/data/flight/small.json (a
# 256 m world, 20 frames at 10 fps, one cut) flies the path: one JSON entry per frame with every field, the
# path's camera (the scene's own camera sees no grass, every frame of the flight does), the cut's frame and only
# it flagged as a teleport, the GPU memory flat within 5 %, the same per-frame counts twice (determinism), the
# validation layer clean; --frames N takes the first N frames; --plot draws both curves and the teleport;
# the text report has the three criteria's PASS/FAIL lines; --plot refuses a .png name.
set -u
SWARD=${1:?usage: test_flight.sh /path/to/sward}
DATA=${SWARD_TEST_DATA:?SWARD_TEST_DATA must point to tests/data}
SCENE="$DATA/flight/small.json"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -f "$SCENE" ] || { echo "FAIL: $SCENE does not exist" >&2; exit 1; }

VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)

# run OUT ARGS...: stdout to OUT; reports a non-zero exit
run() {
    local out=$1; shift
    "$SWARD" "$@" >"$out" 2>"$tmp/stderr"; local rc=$?
    [ "$rc" -eq 0 ] || fail "sward $*: exit $rc: $(cat "$tmp/stderr")"
}

run "$tmp/a.json" bench "$SCENE" --json "${VALIDATE[@]}"
run "$tmp/b.json" bench "$SCENE" --json

python3 - "$tmp/a.json" "$tmp/b.json" <<'PY' || fail "the flight's JSON (see above)"
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
bad = []
fields = ["frame", "time", "gpu_ms", "cpu_ms", "blades_drawn", "tiles", "tiles_generated", "tiles_missing",
          "teleport", "fill", "gpu_memory_bytes", "vegetation_memory_bytes", "world_bytes", "cache_bytes"]
fr = a["frames"]
if a["flight"]["frames"] != 20 or a["frame_count"] != 20 or len(fr) != 20:
    bad.append("expected 20 frames (2 s at 10 fps), got flight.frames %s, frame_count %s, %d entries"
               % (a["flight"]["frames"], a["frame_count"], len(fr)))
for i, f in enumerate(fr):
    missing = [k for k in fields if k not in f]
    if missing: bad.append("frame %d lacks %s" % (i, missing))
    elif f["frame"] != i or abs(f["time"] - i / 10) > 1e-5: bad.append("frame %d: frame %s, time %s" % (i, f["frame"], f["time"]))
    elif f["blades_drawn"] <= 0: bad.append("frame %d draws no blades: not the flight's camera" % i)
tp = [f["frame"] for f in fr if f.get("teleport")]
if tp != [13]: bad.append("teleport frames %s, expected [13] (the cut key at 1.25 s)" % tp)
if [t["frame"] for t in a["teleports"]] != [13]: bad.append("teleports %s, expected frame 13" % a["teleports"])
mem = [f["gpu_memory_bytes"] for f in fr]
if min(mem) <= 0 or (max(mem) - min(mem)) / max(mem) > 0.05:
    bad.append("gpu_memory_bytes not flat within 5 %%: %d to %d" % (min(mem), max(mem)))
if a["gpu_memory"]["max_bytes"] != max(mem) or a["gpu_memory"]["min_bytes"] != min(mem):
    bad.append("gpu_memory summary %s does not match the frames" % a["gpu_memory"])
for k in ("memory_within_256_mib", "memory_flat_5_percent", "max_within_1_5_median"):
    if k not in a["criteria"]: bad.append("criteria lacks " + k)
# the path moves: the blades drawn change along it
if len(set(f["blades_drawn"] for f in fr)) < 3: bad.append("blades drawn hardly change along the path")
# determinism: the same per-frame counts twice
keys = ["blades_drawn", "tiles", "tiles_generated", "tiles_missing", "teleport", "gpu_memory_bytes"]
if [[f[k] for k in keys] for f in fr] != [[f[k] for k in keys] for f in b["frames"]]:
    bad.append("two runs of the flight differ in %s" % keys)
for m in bad: print("FAIL: " + m, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# the first N frames; text report with the criteria; the plot
run "$tmp/t.txt" bench "$SCENE" --frames 15 --plot "$tmp/f.svg"
out=$(cat "$tmp/t.txt")
grep -qE '^flight +15 of 20 frames at 10 fps' <<<"$out" || fail "--frames 15: no 'flight 15 of 20 frames at 10 fps' line in: $out"
for c in "memory max .* <= 256 MiB" "memory flat within 5 % over the flight" "largest frame time <= 1.5 x the median"; do
    grep -qE "^(PASS|FAIL)  .*$c" <<<"$out" || fail "no PASS/FAIL line for '$c' in: $out"
done
grep -qE '^  frame 13 +t = +1.300 s' <<<"$out" || fail "the teleport at frame 13 is not listed: $out"
grep -qF "wrote $tmp/f.svg" <<<"$out" || fail "no 'wrote $tmp/f.svg' line: $out"
if [ -f "$tmp/f.svg" ]; then
    svg=$(cat "$tmp/f.svg")
    [ "$(grep -c '<polyline' <<<"$svg")" -eq 2 ] || fail "the plot should have two curves (GPU ms, memory)"
    [ "$(grep -c '<g transform' <<<"$svg")" -eq 2 ] || fail "the plot should have two panels"
    [ "$(grep -c 'class="mark"' <<<"$svg")" -eq 2 ] || fail "the teleport should be marked in both panels"
    grep -qF "small.json: GPU ms per frame" <<<"$svg" || fail "the plot has no 'small.json: GPU ms per frame' title"
else
    fail "--plot wrote no $tmp/f.svg"
fi

# --plot writes SVG only: a .png name is refused before anything runs (a still scene's bars: test_bench_plot.sh)
"$SWARD" bench "$SCENE" --plot "$tmp/x.png" >/dev/null 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 2 ] || fail "--plot x.png: exit $rc, expected 2"
grep -qF -- "sward writes SVG plots only; give a file name ending in .svg" "$tmp/stderr" || fail "--plot x.png: $(cat "$tmp/stderr")"
[ ! -e "$tmp/x.png" ] || fail "--plot x.png wrote a file"

if [ "$failures" -ne 0 ]; then echo "test_flight: $failures failure(s)" >&2; exit 1; fi
echo "test_flight: ok"
